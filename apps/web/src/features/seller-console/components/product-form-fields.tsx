import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  CHANNEL_TYPES,
  CREDIT_PERIOD_LABELS,
  CREDIT_PERIODS,
  DELIVERY_OPTIONS,
  discountPercent,
  DISPATCH_TIMES,
  OWNERSHIP_TYPES,
  PRICE_UNIT,
  PRODUCT_COLOURS,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_GENDERS,
  type Media,
} from '@app/domain';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useBrandNames, useCategories, useModelNames } from '../api/products-api';
import type { ProductFormValues } from './product-form-values';
import { ProductTaxFields } from './product-tax-fields';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const toInt = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : 0);

interface Props {
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  /** Images are chosen only when a product is created (spec section 5). */
  imagesEditable: boolean;
  /** Images of the selected or cloned product, shown read-only. */
  currentImages: readonly { url: string }[];
  onImagesChange: (media: Media[]) => void;
  /** Remounts the uploader (clears its list) when the form is reset. */
  uploaderKey: string;
}

function Choice({
  legend,
  name,
  values,
  register,
  labels,
  disabled = [],
}: {
  legend: string;
  name: 'samples' | 'autorenewal' | 'minCreditInstallment';
  values: readonly string[];
  register: UseFormRegister<ProductFormValues>;
  labels?: Record<string, string>;
  disabled?: readonly string[];
}) {
  return (
    <fieldset className="console__choice">
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value}>
          <input type="radio" value={value} disabled={disabled.includes(value)} {...register(name)} />{' '}
          {labels?.[value] ?? value}
        </label>
      ))}
    </fieldset>
  );
}

function DiscountNote({ original, discounted }: { original: string; discounted: string }) {
  const percent = discountPercent(toInt(original), toInt(discounted));
  return <p className="console__note">Discount: {percent}% (calculated again by the server)</p>;
}

export function ProductFormFields({
  register,
  control,
  errors,
  imagesEditable,
  currentImages,
  onImagesChange,
  uploaderKey,
}: Props) {
  const brandListId = useId();
  const modelListId = useId();
  const [brand, model, parent, ogPrice, dsctPrice, retailPrice, dsctRetailPrice, desc, trackInventory] =
    useWatch({
      control,
      name: [
        'brand',
        'model',
        'parentCategoryName',
        'ogPrice',
        'dsctPrice',
        'retailPrice',
        'dsctRetailPrice',
        'desc',
        'trackInventory',
      ],
    });
  const brands = useBrandNames(brand.trim());
  const models = useModelNames(brand.trim(), model.trim());
  const categories = useCategories();
  const children = categories.data?.find((c) => c.parentCategory === parent)?.childCategorys ?? [];

  return (
    <div className="console__fields">
      <section className="console__group" aria-label="Images">
        {imagesEditable ? (
          <ImageUploader key={uploaderKey} label="Product images" onChange={onImagesChange} />
        ) : (
          <p className="console__note">Images can be chosen only when a product is added.</p>
        )}
        {currentImages.length > 0 ? (
          <ul className="console__thumbs">
            {currentImages.map((image, index) => (
              <li key={image.url}>
                <img src={image.url} alt={`Product image ${index + 1}`} />
              </li>
            ))}
          </ul>
        ) : null}
        <label className="console__video">
          Videos <input type="file" accept="video/*" disabled aria-describedby={`${brandListId}-video`} />
          <span id={`${brandListId}-video`} className="console__note">
            Video upload is not available yet.
          </span>
        </label>
      </section>

      <section className="console__group" aria-label="Product">
        <TextField
          label="Brand"
          list={brandListId}
          autoComplete="off"
          error={errors.brand?.message}
          {...register('brand')}
        />
        <datalist id={brandListId}>
          {(brands.data ?? []).map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <TextField
          label="Model"
          list={modelListId}
          autoComplete="off"
          error={errors.model?.message}
          {...register('model')}
        />
        <datalist id={modelListId}>
          {(models.data ?? []).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <TextField
          label="Product name"
          hint="Brand and model when left empty"
          error={errors.productName?.message}
          {...register('productName')}
        />
        <SelectField
          label="Colour"
          options={options(PRODUCT_COLOURS)}
          error={errors.colour?.message}
          {...register('colour')}
        />
        <SelectField
          label="Gender"
          options={options(PRODUCT_GENDERS)}
          error={errors.gender?.message}
          {...register('gender')}
        />
        <SelectField
          label="Category"
          options={(categories.data ?? []).map((c) => ({ value: c.parentCategory, label: c.parentCategory }))}
          hint={
            categories.isPending
              ? 'Loading categories…'
              : categories.isError
                ? 'Categories could not load'
                : undefined
          }
          error={errors.parentCategoryName?.message}
          {...register('parentCategoryName')}
        />
        <SelectField
          label="Sub-category"
          options={children.map((c) => ({ value: c.childCategoryName, label: c.childCategoryName }))}
          error={errors.childCategoryName?.message}
          {...register('childCategoryName')}
        />
        <TextField label="Size" error={errors.size?.message} {...register('size')} />
        <TextField
          label="Size tags"
          hint="Comma-separated; Add Variant adds one product per size tag"
          error={errors.sizeTags?.message}
          {...register('sizeTags')}
        />
        <TextField label="Tags" hint="Comma-separated" error={errors.tags?.message} {...register('tags')} />
        <TextField label="SKU" error={errors.sku?.message} {...register('sku')} />
        <TextField label="SKU id" error={errors.skuId?.message} {...register('skuId')} />
      </section>

      <section className="console__group" aria-label="Prices">
        <p className="console__note">Prices in {PRICE_UNIT}.</p>
        <TextField label="MOQ" inputMode="numeric" error={errors.moq?.message} {...register('moq')} />
        <label className="console__check">
          <input type="checkbox" {...register('trackInventory')} /> Track stock
        </label>
        {trackInventory ? (
          <TextField
            label="Stock"
            inputMode="numeric"
            hint="Units you have; orders take from it and stop at 0"
            error={errors.stock?.message}
            {...register('stock')}
          />
        ) : (
          <p className="console__note">Stock is not tracked: the product can always be ordered.</p>
        )}
        <TextField
          label="Wholesale catalogue price"
          inputMode="numeric"
          error={errors.ogPrice?.message}
          {...register('ogPrice')}
        />
        <TextField
          label="Wholesale selling price"
          inputMode="numeric"
          error={errors.dsctPrice?.message}
          {...register('dsctPrice')}
        />
        <DiscountNote original={ogPrice} discounted={dsctPrice} />
        <TextField
          label="MRP"
          inputMode="numeric"
          error={errors.retailPrice?.message}
          {...register('retailPrice')}
        />
        <TextField
          label="Selling price"
          inputMode="numeric"
          error={errors.dsctRetailPrice?.message}
          {...register('dsctRetailPrice')}
        />
        <DiscountNote original={retailPrice} discounted={dsctRetailPrice} />
        <TextField
          label="Member discount (%)"
          inputMode="numeric"
          error={errors.memberDsct?.message}
          {...register('memberDsct')}
        />
        <ProductTaxFields register={register} errors={errors} />
      </section>

      <section className="console__group" aria-label="Terms">
        <SelectField
          label="Dispatch time"
          options={options(DISPATCH_TIMES)}
          error={errors.dispatchTime?.message}
          {...register('dispatchTime')}
        />
        <SelectField
          label="Ownership"
          options={options(OWNERSHIP_TYPES)}
          error={errors.ownership?.message}
          {...register('ownership')}
        />
        <SelectField
          label="Channel"
          options={options(CHANNEL_TYPES)}
          error={errors.channel?.message}
          {...register('channel')}
        />
        <SelectField
          label="Delivery"
          options={options(DELIVERY_OPTIONS)}
          error={errors.delivery?.message}
          {...register('delivery')}
        />
        <Choice legend="Free B2B samples" name="samples" values={['yes', 'no']} register={register} />
        <TextField
          label="Sample quantity"
          inputMode="numeric"
          error={errors.sampleQty?.message}
          {...register('sampleQty')}
        />
        <TextField
          label="Sample price"
          inputMode="numeric"
          error={errors.samplePrice?.message}
          {...register('samplePrice')}
        />
        <TextField
          label="Credit booster"
          inputMode="numeric"
          error={errors.creditBooster?.message}
          {...register('creditBooster')}
        />
        <Choice
          legend="Credit period"
          name="minCreditInstallment"
          values={CREDIT_PERIODS}
          labels={CREDIT_PERIOD_LABELS}
          disabled={['2']}
          register={register}
        />
        <Choice legend="Auto-renewal" name="autorenewal" values={['yes', 'no']} register={register} />
      </section>

      <section className="console__group console__group--wide">
        {/* Named `desc` inside the form's scope, so the error summary's link reaches it. */}
        <TextAreaField
          label="Description"
          className="console__textarea"
          maxLength={PRODUCT_DESCRIPTION_MAX}
          rows={4}
          hint={`${desc.length}/${PRODUCT_DESCRIPTION_MAX} characters`}
          error={errors.desc?.message}
          {...register('desc')}
        />
      </section>
    </div>
  );
}
