import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { productDraftSchema, productUpdateSchema, splitTags, type Media, type Product } from '@app/domain';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { FormMessage } from '../../../components/ui/form-message';
import { FormScopeContext } from '../../../components/ui/form-scope';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { logout, useCurrentUser } from '../../../lib/session';
import { useBrandProducts, useOwnProducts, useProductMutations } from '../api/products-api';
import { CsvPanel } from '../components/csv-panel';
import { ProductFormFields } from '../components/product-form-fields';
import {
  EMPTY_PRODUCT_FORM,
  fieldOfIssue,
  formValuesToPayload,
  productToFormValues,
  type ProductFormValues,
} from '../components/product-form-values';
import { SellerFields } from '../components/seller-fields';
import { StoreProfileForm } from '../components/store-profile-form';
import { TaxDetailsForm } from '../components/tax-details-form';
import { DeliveryTermsForm } from '../components/delivery-terms-form';
import '../components/seller-console.css';
import { useT } from '../../../lib/i18n';

type Mode = 'own' | 'new' | 'clone';
const MODES: { value: Mode; label: 'modeOwn' | 'modeNew' | 'modeClone' }[] = [
  { value: 'own', label: 'modeOwn' },
  { value: 'new', label: 'modeNew' },
  { value: 'clone', label: 'modeClone' },
];

/** A product's line in the picker; `disabled` is the words after a product that is switched off. */
const describe = (p: Product, disabled: string) => {
  const a = p.prdct_attributes;
  return `${a.prdct_name} · ${a.colour} · ${a.size}${p.auditFields.isActive ? '' : disabled}`;
};

export default function AddProductPage() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useT('seller');
  const disabledWords = t('disabledSuffix');
  const [mode, setMode] = useState<Mode>('new');
  const [selectedId, setSelectedId] = useState('');
  const [filter, setFilter] = useState('');
  const [cloneBrand, setCloneBrand] = useState('');
  const [searchedBrand, setSearchedBrand] = useState('');
  const [uploaded, setUploaded] = useState<Media[]>([]);
  const [uploaderKey, setUploaderKey] = useState(0);
  const [variantLog, setVariantLog] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  const own = useOwnProducts(userId);
  const brandProducts = useBrandProducts(mode === 'clone' ? searchedBrand : '');
  const { create, update, setStatus, refresh } = useProductMutations(userId);

  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({ defaultValues: EMPTY_PRODUCT_FORM });
  const {
    register,
    control,
    reset,
    setError,
    clearErrors,
    getValues,
    formState: { errors },
  } = form;
  const kit = useFormKit(form);

  const list = useMemo(() => {
    const source =
      mode === 'own' ? (own.data?.Data ?? []) : mode === 'clone' ? (brandProducts.data?.Data ?? []) : [];
    const needle = filter.trim().toLowerCase();
    return needle ? source.filter((p) => describe(p, disabledWords).toLowerCase().includes(needle)) : source;
  }, [mode, own.data, brandProducts.data, filter, disabledWords]);
  const selected = list.find((p) => p._id === selectedId);

  const changeMode = (next: Mode) => {
    // Switching mode clears the selection and the filter (spec section 4).
    setMode(next);
    setSelectedId('');
    setFilter('');
    setVariantLog([]);
    reset(EMPTY_PRODUCT_FORM);
    // Images chosen for one mode's product do not travel to another's.
    setUploaded([]);
    setUploaderKey((k) => k + 1);
  };

  const choose = (id: string) => {
    setSelectedId(id);
    setVariantLog([]);
    const product = list.find((p) => p._id === id);
    reset(product ? productToFormValues(product) : EMPTY_PRODUCT_FORM);
  };

  const showIssues = (issues: readonly z.core.$ZodIssue[]) => {
    clearErrors();
    setServerMessage(null);
    for (const issue of issues) {
      const field = fieldOfIssue(issue.path);
      if (field) setError(field, { message: issue.message });
    }
    // The summary takes focus and lists every problem; the toast is then only seen.
    kit.failSubmit();
    toast.showError(issues[0]?.message, { announce: false });
  };

  const showServerError = (error: unknown) => {
    const message = isApiError(error) ? error.message : t('error');
    if (isApiError(error)) {
      for (const [key, fieldMessage] of Object.entries(error.errors)) {
        const field = fieldOfIssue(key.split('.'));
        if (field) setError(field, { type: 'server', message: fieldMessage });
      }
    }
    // Spec section 8: a failed create shows the server's message; focus goes to it.
    setServerMessage(message);
    kit.announceServerAnswer();
    toast.showError(message, { announce: false });
  };

  const addProduct = async () => {
    // A clone is a creation, so it may have images of its own (spec: "Images editable only on
    // creation"); without any it takes those of the product it copies (the server copies them).
    const images = uploaded;
    const payload = {
      ...formValuesToPayload(getValues(), images),
      ...(mode === 'clone' && selected ? { sourceProductId: selected._id } : {}),
    };
    const parsed = productDraftSchema.safeParse(payload);
    if (!parsed.success) return showIssues(parsed.error.issues);
    clearErrors();
    setServerMessage(null);
    setBusy('add');
    try {
      await create.mutateAsync(payload);
      toast.showSuccess(t('productAdded'));
      if (mode === 'new') reset(EMPTY_PRODUCT_FORM);
      setUploaded([]);
      setUploaderKey((k) => k + 1);
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(null);
    }
  };

  const updateProduct = async () => {
    if (!selected) return;
    const { images: _images, ...payload } = formValuesToPayload(getValues(), []);
    const body = { _id: selected._id, ...payload };
    const parsed = productUpdateSchema.safeParse(body);
    if (!parsed.success) return showIssues(parsed.error.issues);
    clearErrors();
    setServerMessage(null);
    setBusy('update');
    try {
      await update.mutateAsync(body);
      toast.showSuccess(t('productUpdated'));
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(null);
    }
  };

  const toggleStatus = async () => {
    if (!selected) return;
    setBusy('status');
    try {
      await setStatus.mutateAsync({ _id: selected._id, status: !selected.auditFields.isActive });
      toast.showSuccess(t('statusUpdated'));
    } catch {
      toast.showError(t('statusNotUpdated'));
    } finally {
      setBusy(null);
    }
  };

  /** One new product per size tag, copying the selected product's form values (spec section 2). */
  const addVariants = async () => {
    if (!selected) return;
    const values = getValues();
    const sizes = (splitTags(values.sizeTags) as string[]).filter(
      (s) => s !== selected.prdct_attributes.size,
    );
    if (sizes.length === 0) {
      setError('sizeTags', { message: t('sizeTagsNeeded') });
      toast.showError(t('variantFailed'));
      return;
    }
    setBusy('variant');
    const log: string[] = [];
    const images = selected.prdct_attributes.media
      .filter((m) => m.type === 'IMAGE')
      .map((m) => ({ name: '', url: m.url }));
    for (const size of sizes) {
      const payload = { ...formValuesToPayload({ ...values, size }, images) };
      const parsed = productDraftSchema.safeParse(payload);
      if (!parsed.success) {
        log.push(t('sizeNotAdded', { size }));
        continue;
      }
      try {
        await create.mutateAsync(payload);
        log.push(t('sizeAdded', { size }));
      } catch {
        log.push(t('sizeNotAdded', { size }));
      }
    }
    setVariantLog(log);
    setBusy(null);
  };

  const onLogout = async () => {
    await logout();
    await navigate(paths.login);
  };

  const ownSelected = mode === 'own' && !!selected;
  const listLabel =
    mode === 'own'
      ? t('yourProducts')
      : searchedBrand
        ? t('productsOf', { brand: searchedBrand })
        : t('productsOfTheBrand');
  const listQuery = mode === 'own' ? own : brandProducts;

  return (
    <div className="page stack console">
      <title>{t('pageTitle', { heading: t('addUpdateProduct') })}</title>
      <header className="console__header">
        <h1>{t('addUpdateProduct')}</h1>
        <nav aria-label={t('sellerConsole')} className="console__links">
          <Link to={paths.home}>{t('home')}</Link>
          <Link to={paths.viewStore(userId)}>{t('viewStore')}</Link>
          <a href="#edit-store">{t('editStoreLink')}</a>
          <Button variant="secondary" onClick={() => void onLogout()}>
            {t('logout')}
          </Button>
        </nav>
      </header>

      <SellerFields userId={userId} />
      <StoreProfileForm userId={userId} />
      <TaxDetailsForm />
      <DeliveryTermsForm />

      <section className="card stack" aria-labelledby="product-heading">
        <h2 id="product-heading">{t('product')}</h2>
        <fieldset className="console__modes">
          <legend>{t('mode')}</legend>
          {MODES.map((m) => (
            <label key={m.value}>
              <input
                type="radio"
                name="mode"
                checked={mode === m.value}
                onChange={() => changeMode(m.value)}
              />{' '}
              {t(m.label)}
            </label>
          ))}
        </fieldset>

        {mode === 'clone' ? (
          <form
            className="console__clone-search"
            onSubmit={(event) => {
              event.preventDefault();
              setSelectedId('');
              setSearchedBrand(cloneBrand.trim());
            }}
          >
            <TextField
              label={t('brandToClone')}
              value={cloneBrand}
              onChange={(e) => setCloneBrand(e.target.value)}
            />
            <Button type="submit">{t('search')}</Button>
          </form>
        ) : null}

        {mode !== 'new' ? (
          <div className="console__picker">
            <TextField label={t('filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
            <label className="field">
              <span className="field__label">{listLabel}</span>
              <select
                className="field__input"
                size={Math.min(8, Math.max(2, list.length + 1))}
                value={selectedId}
                onChange={(e) => choose(e.target.value)}
              >
                <option value="">{t('noneSelected')}</option>
                {list.map((p) => (
                  <option key={p._id} value={p._id}>
                    {describe(p, disabledWords)}
                  </option>
                ))}
              </select>
            </label>
            {listQuery.isPending && (mode === 'own' || searchedBrand) ? (
              <p role="status">{t('loadingProducts')}</p>
            ) : null}
            {listQuery.isError ? <p role="alert">{t('productsNotLoaded')}</p> : null}
            {listQuery.isSuccess && list.length === 0 ? <p>{t('noProductsFound')}</p> : null}
          </div>
        ) : null}

        <FormScopeContext value={kit.scope}>
          <form
            noValidate
            aria-labelledby="product-heading"
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <ErrorSummary {...kit.summaryProps} />
            <ProductFormFields
              register={register}
              control={control}
              errors={errors}
              imagesEditable={mode !== 'own' || !selected}
              cloning={mode === 'clone'}
              currentImages={
                selected ? selected.prdct_attributes.media.filter((m) => m.type === 'IMAGE') : []
              }
              onImagesChange={setUploaded}
              uploaderKey={String(uploaderKey)}
            />
            <FormMessage messageRef={kit.messageRef}>{serverMessage}</FormMessage>
            <div className="console__actions">
              <Button
                loading={busy === 'add'}
                disabledReason={mode === 'own' && selected ? t('ownSelected') : null}
                onClick={() => void addProduct()}
              >
                {t('addProduct')}
              </Button>
              <Button
                variant="secondary"
                loading={busy === 'update'}
                disabledReason={ownSelected ? null : t('selectOwnFirst')}
                onClick={() => void updateProduct()}
              >
                {t('updateProduct')}
              </Button>
              <Button
                variant="secondary"
                loading={busy === 'status'}
                disabledReason={ownSelected ? null : t('selectOwnFirst')}
                onClick={() => void toggleStatus()}
              >
                {selected && !selected.auditFields.isActive ? t('enable') : t('disable')}
              </Button>
              <Button
                variant="secondary"
                loading={busy === 'variant'}
                disabledReason={ownSelected ? null : t('selectOwnFirst')}
                onClick={() => void addVariants()}
              >
                {t('addVariant')}
              </Button>
            </div>
            {variantLog.length > 0 ? (
              <ul role="status" className="console__log">
                {variantLog.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </form>
        </FormScopeContext>
      </section>

      <CsvPanel onImported={() => void refresh()} />
    </div>
  );
}
