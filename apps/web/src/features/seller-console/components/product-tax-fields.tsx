import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { GST_RATES } from '@app/domain';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { ProductFormValues } from './product-form-values';

const RATE_OPTIONS = GST_RATES.map((rate) => ({ value: String(rate), label: `${rate}%` }));

/** GST rate and HSN code, printed on the product's tax invoices (decision 031). */
export function ProductTaxFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  return (
    <>
      <SelectField
        label="GST rate"
        hint="Included in the prices above"
        options={RATE_OPTIONS}
        placeholder="18% unless you choose"
        error={errors.gstRate?.message}
        {...register('gstRate')}
      />
      <TextField
        label="HSN code"
        inputMode="numeric"
        hint="4 to 8 digits, printed on tax invoices"
        error={errors.hsnCode?.message}
        {...register('hsnCode')}
      />
    </>
  );
}
