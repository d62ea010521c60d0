import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  CHANNEL_TYPES,
  CREDIT_PERIODS,
  DELIVERY_OPTIONS,
  discountPercent,
  DISPATCH_TIMES,
  OWNERSHIP_TYPES,
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
import { useT, type TFunction } from '../../../lib/i18n';
import { keyOf } from '../../../lib/i18n/catalogues/keyed';

/** The spec's values, sent as they are, labelled in the current language (keys without spaces). */
const translated = (values: readonly string[], t: TFunction) =>
  values.map((value) => ({ value, label: t(`option_${value.replace(/\W+/g, '_')}`) }));
const CREDIT_LABELS = Object.fromEntries(CREDIT_PERIODS.map((p) => [p, `credit_${p}`]));
const YES_NO_LABELS = { yes: 'option_yes', no: 'option_no' };
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
  /** Clone Product: images chosen here replace the copied product's; none keeps its images. */
  cloning?: boolean;
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
  labels: Record<string, string>;
  disabled?: readonly string[];
}) {
  const { t } = useT('seller');
  return (
    <fieldset className="console__choice">
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value}>
          <input type="radio" value={value} disabled={disabled.includes(value)} {...register(name)} />{' '}
          {t(labels[value] ?? value)}
        </label>
      ))}
    </fieldset>
  );
}

function DiscountNote({ original, discounted }: { original: string; discounted: string }) {
  const { t } = useT('seller');
  const percent = discountPercent(toInt(original), toInt(discounted));
  return <p className="console__note">{t('discount', { percent })}</p>;
}

export function ProductFormFields({
  register,
  control,
  errors,
  imagesEditable,
  currentImages,
  onImagesChange,
  uploaderKey,
  cloning = false,
}: Props) {
  const { t } = useT('seller');
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
      <section className="console__group" aria-label={t('images')}>
        {imagesEditable ? (
          <>
            <ImageUploader key={uploaderKey} label={t('productImages')} onChange={onImagesChange} />
            {cloning ? <p className="console__note">{t('cloneImagesNote')}</p> : null}
          </>
        ) : (
          <p className="console__note">{t('imagesOnlyWhenAdded')}</p>
        )}
        {currentImages.length > 0 ? (
          <ul className="console__thumbs">
            {currentImages.map((image, index) => (
              <li key={image.url}>
                <img src={image.url} alt={t('productImage', { number: index + 1 })} />
              </li>
            ))}
          </ul>
        ) : null}
        <label className="console__video">
          {t('videos')}{' '}
          <input type="file" accept="video/*" disabled aria-describedby={`${brandListId}-video`} />
          <span id={`${brandListId}-video`} className="console__note">
            {t('videoNotAvailable')}
          </span>
        </label>
      </section>

      <section className="console__group" aria-label={t('product')}>
        <TextField
          label={t('brand')}
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
          label={t('model')}
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
          label={t('productName')}
          hint={t('productNameHint')}
          error={errors.productName?.message}
          {...register('productName')}
        />
        <SelectField
          label={t('colour')}
          options={PRODUCT_COLOURS.map((value) => ({ value, label: t(keyOf('colour_', value)) }))}
          error={errors.colour?.message}
          {...register('colour')}
        />
        <SelectField
          label={t('gender')}
          options={translated(PRODUCT_GENDERS, t)}
          error={errors.gender?.message}
          {...register('gender')}
        />
        <SelectField
          label={t('category')}
          options={(categories.data ?? []).map((c) => ({ value: c.parentCategory, label: c.parentCategory }))}
          hint={
            categories.isPending
              ? t('loadingCategories')
              : categories.isError
                ? t('categoriesNotLoaded')
                : undefined
          }
          error={errors.parentCategoryName?.message}
          {...register('parentCategoryName')}
        />
        <SelectField
          label={t('subCategory')}
          options={children.map((c) => ({ value: c.childCategoryName, label: c.childCategoryName }))}
          error={errors.childCategoryName?.message}
          {...register('childCategoryName')}
        />
        <TextField label={t('size')} error={errors.size?.message} {...register('size')} />
        <TextField
          label={t('sizeTags')}
          hint={t('sizeTagsHint')}
          error={errors.sizeTags?.message}
          {...register('sizeTags')}
        />
        <TextField
          label={t('tags')}
          hint={t('commaSeparated')}
          error={errors.tags?.message}
          {...register('tags')}
        />
        <TextField label={t('sku')} error={errors.sku?.message} {...register('sku')} />
        <TextField label={t('skuId')} error={errors.skuId?.message} {...register('skuId')} />
      </section>

      <section className="console__group" aria-label={t('prices')}>
        <p className="console__note">{t('pricesIn', { unit: t('priceUnit') })}</p>
        <TextField label={t('moq')} inputMode="numeric" error={errors.moq?.message} {...register('moq')} />
        <label className="console__check">
          <input type="checkbox" {...register('trackInventory')} /> {t('trackStock')}
        </label>
        {trackInventory ? (
          <TextField
            label={t('stock')}
            inputMode="numeric"
            hint={t('stockHint')}
            error={errors.stock?.message}
            {...register('stock')}
          />
        ) : (
          <p className="console__note">{t('stockNotTracked')}</p>
        )}
        <TextField
          label={t('wholesaleCataloguePrice')}
          inputMode="numeric"
          error={errors.ogPrice?.message}
          {...register('ogPrice')}
        />
        <TextField
          label={t('wholesaleSellingPrice')}
          inputMode="numeric"
          error={errors.dsctPrice?.message}
          {...register('dsctPrice')}
        />
        <DiscountNote original={ogPrice} discounted={dsctPrice} />
        <TextField
          label={t('mrp')}
          inputMode="numeric"
          error={errors.retailPrice?.message}
          {...register('retailPrice')}
        />
        <TextField
          label={t('sellingPrice')}
          inputMode="numeric"
          error={errors.dsctRetailPrice?.message}
          {...register('dsctRetailPrice')}
        />
        <DiscountNote original={retailPrice} discounted={dsctRetailPrice} />
        <TextField
          label={t('memberDiscount')}
          inputMode="numeric"
          error={errors.memberDsct?.message}
          {...register('memberDsct')}
        />
        <ProductTaxFields register={register} errors={errors} />
      </section>

      <section className="console__group" aria-label={t('terms')}>
        <SelectField
          label={t('dispatchTime')}
          options={translated(DISPATCH_TIMES, t)}
          error={errors.dispatchTime?.message}
          {...register('dispatchTime')}
        />
        <SelectField
          label={t('ownership')}
          options={translated(OWNERSHIP_TYPES, t)}
          error={errors.ownership?.message}
          {...register('ownership')}
        />
        <SelectField
          label={t('channel')}
          options={translated(CHANNEL_TYPES, t)}
          error={errors.channel?.message}
          {...register('channel')}
        />
        <SelectField
          label={t('delivery')}
          options={translated(DELIVERY_OPTIONS, t)}
          error={errors.delivery?.message}
          {...register('delivery')}
        />
        <Choice
          legend={t('freeSamples')}
          name="samples"
          values={['yes', 'no']}
          labels={YES_NO_LABELS}
          register={register}
        />
        <TextField
          label={t('sampleQuantity')}
          inputMode="numeric"
          error={errors.sampleQty?.message}
          {...register('sampleQty')}
        />
        <TextField
          label={t('samplePrice')}
          inputMode="numeric"
          error={errors.samplePrice?.message}
          {...register('samplePrice')}
        />
        <TextField
          label={t('creditBooster')}
          inputMode="numeric"
          error={errors.creditBooster?.message}
          {...register('creditBooster')}
        />
        <Choice
          legend={t('creditPeriod')}
          name="minCreditInstallment"
          values={CREDIT_PERIODS}
          labels={CREDIT_LABELS}
          disabled={['2']}
          register={register}
        />
        <Choice
          legend={t('autoRenewal')}
          name="autorenewal"
          values={['yes', 'no']}
          labels={YES_NO_LABELS}
          register={register}
        />
      </section>

      <section className="console__group console__group--wide">
        {/* Named `desc` inside the form's scope, so the error summary's link reaches it. */}
        <TextAreaField
          label={t('description')}
          className="console__textarea"
          maxLength={PRODUCT_DESCRIPTION_MAX}
          rows={4}
          hint={t('characters', { count: desc.length, max: PRODUCT_DESCRIPTION_MAX })}
          error={errors.desc?.message}
          {...register('desc')}
        />
      </section>
    </div>
  );
}
