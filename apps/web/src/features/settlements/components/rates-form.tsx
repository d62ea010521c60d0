import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ledgerRatesSchema, type LedgerRates } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useSaveLedgerRates } from '../api/settlements-api';
import { useFormat, useT } from '../../../lib/i18n';

const FIELDS: { name: keyof LedgerRates }[] = [
  { name: 'commissionBasisPoints' },
  { name: 'tcsBasisPoints' },
  { name: 'tdsBasisPoints' },
];

/** The rates sales are charged at from now on; 100 basis points are 1 %. */
export function RatesForm({ rates }: { rates: LedgerRates }) {
  const save = useSaveLedgerRates();
  const toast = useToast();
  const { t } = useT('seller');
  const format = useFormat();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LedgerRates>({ resolver: zodResolver(ledgerRatesSchema), values: rates });

  const onSubmit = async (values: LedgerRates) => {
    try {
      await save.mutateAsync(values);
      toast.showSuccess(t('ratesSaved'));
    } catch (error) {
      if (!isApiError(error)) return toast.showError();
      for (const { name } of FIELDS) {
        const message = error.errors[name];
        if (message) setError(name, { message });
      }
      toast.showError(error.message);
    }
  };

  return (
    <form className="rates-form" noValidate aria-label={t('rates')} onSubmit={handleSubmit(onSubmit)}>
      {FIELDS.map(({ name }) => (
        <TextField
          key={name}
          label={t(`rate_${name}`)}
          inputMode="numeric"
          hint={t('percentNow', { percent: format.number(rates[name] / 100) })}
          error={errors[name]?.message}
          {...register(name, { valueAsNumber: true })}
        />
      ))}
      <div>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          {t('saveRates')}
        </Button>
      </div>
    </form>
  );
}
