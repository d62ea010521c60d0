import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ledgerRatesSchema, type LedgerRates } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useSaveLedgerRates } from '../api/settlements-api';

const FIELDS: { name: keyof LedgerRates; label: string }[] = [
  { name: 'commissionBasisPoints', label: 'Platform commission (basis points)' },
  { name: 'tcsBasisPoints', label: 'GST TCS, section 52 (basis points)' },
  { name: 'tdsBasisPoints', label: 'Income-tax TDS, section 194-O (basis points)' },
];

/** The rates sales are charged at from now on; 100 basis points are 1 %. */
export function RatesForm({ rates }: { rates: LedgerRates }) {
  const save = useSaveLedgerRates();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LedgerRates>({ resolver: zodResolver(ledgerRatesSchema), values: rates });

  const onSubmit = async (values: LedgerRates) => {
    try {
      await save.mutateAsync(values);
      toast.showSuccess('Rates saved');
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
    <form className="rates-form" noValidate aria-label="Rates" onSubmit={handleSubmit(onSubmit)}>
      {FIELDS.map(({ name, label }) => (
        <TextField
          key={name}
          label={label}
          inputMode="numeric"
          hint={`${(rates[name] / 100).toLocaleString('en-IN')} % now`}
          error={errors[name]?.message}
          {...register(name, { valueAsNumber: true })}
        />
      ))}
      <div>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Save rates
        </Button>
      </div>
    </form>
  );
}
