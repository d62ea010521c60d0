import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { GST_RATES } from '@app/domain';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { ProductFormValues } from './product-form-values';
import { useT } from '../../../lib/i18n';

const RATE_OPTIONS = GST_RATES.map((rate) => ({ value: String(rate), label: `${rate}%` }));

/** GST rate and HSN code, printed on the product's tax invoices (decision 031). */
export function ProductTaxFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const { t } = useT('seller');
  return (
    <>
      <SelectField
        label={t('gstRate')}
        hint={t('gstRateHint')}
        options={RATE_OPTIONS}
        placeholder={t('gstRateDefault')}
        error={errors.gstRate?.message}
        {...register('gstRate')}
      />
      <TextField
        label={t('hsnCode')}
        inputMode="numeric"
        hint={t('hsnHint')}
        error={errors.hsnCode?.message}
        {...register('hsnCode')}
      />
    </>
  );
}
