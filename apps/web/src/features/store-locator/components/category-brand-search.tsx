import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { ParentCategory, SellCategory } from '@app/domain';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useBrandSearch, useCategoryTree } from '../api/locator-api';
import { useT, type TFunction } from '../../../lib/i18n';

export type LocatorMode = 'category' | 'brand';

export interface LocatorChoice {
  childCategoryName: string;
  brand: string;
}

interface SearchValues {
  mode: LocatorMode;
  category: string;
  brand: string;
}

/** Every child category with its parent: the whole tree, or only what a scoped store sells. */
function categoriesOf(
  tree: ParentCategory[] | undefined,
  only: SellCategory[] | undefined,
): ComboboxOption[] {
  const groups = only
    ? only.map((c) => ({ parent: c.parentCategory, children: c.childCategory }))
    : (tree ?? []).map((p) => ({
        parent: p.parentCategory,
        children: p.childCategorys.map((c) => c.childCategoryName),
      }));
  return groups.flatMap((group) =>
    group.children.map((child) => ({
      value: `${group.parent}/${child}`,
      label: child,
      detail: group.parent,
    })),
  );
}

/** Spec section 5: category and brand cannot both be empty; the mode says which one is asked for. */
const resolverFor =
  (t: TFunction): Resolver<SearchValues> =>
  (values) => {
    const missing: keyof SearchValues | null =
      values.mode === 'category'
        ? values.category.trim()
          ? null
          : 'category'
        : values.brand.trim()
          ? null
          : 'brand';
    if (!missing) return { values, errors: {} };
    const message = missing === 'category' ? t('chooseCategory') : t('typeBrand');
    return { values: {}, errors: { [missing]: { type: 'required', message } } };
  };

interface Props {
  /** A scoped locator offers only these categories. */
  sellCategory?: SellCategory[] | undefined;
  /** Why the search cannot run yet (no position and no place), or null. */
  whereMissing: string | null;
  searching: boolean;
  onSearch: (choice: LocatorChoice) => void;
  /** The "where" field (pincode, area or city), shown first in the form. */
  where?: ReactNode;
}

/**
 * Search by category or by brand (spec section 2 "Store locator"), both with suggestions as you
 * type: categories from the category tree, brands from the names approved stores sell (a part of a
 * name is enough, decision 025).
 */
export function CategoryBrandSearch({ sellCategory, whereMissing, searching, onSearch, where }: Props) {
  const { t } = useT('stores');
  const resolver = useMemo(() => resolverFor(t), [t]);
  const form = useForm<SearchValues>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { mode: 'category', category: '', brand: '' },
  });
  const kit = useFormKit(form);
  const [mode, category, brand] = useWatch({ control: form.control, name: ['mode', 'category', 'brand'] });
  const tree = useCategoryTree();
  const brandText = useDeferredValue(brand.trim());
  const brandSearch = useBrandSearch(brandText);
  const allCategories = useMemo(() => categoriesOf(tree.data?.Data, sellCategory), [tree.data, sellCategory]);
  const categoryOptions = useMemo(() => {
    const text = category.trim().toLowerCase();
    return allCategories.filter(
      (c) => !text || c.label.toLowerCase().includes(text) || c.detail?.toLowerCase().includes(text),
    );
  }, [allCategories, category]);
  const brandOptions = useMemo(
    () =>
      brandText ? (brandSearch.data?.data.brand ?? []).map((name) => ({ value: name, label: name })) : [],
    [brandSearch.data, brandText],
  );
  const chosen = mode === 'category' ? category.trim() : brand.trim();

  // Spec section 4, widened by decision 025: the button waits for a position (the device's, or a
  // chosen pincode, area or city) and a category or brand. It stays reachable and says what is missing.
  const blockedReason =
    whereMissing ?? (!chosen ? (mode === 'category' ? t('chooseCategoryFirst') : t('typeBrandFirst')) : null);

  const setField = (name: 'category' | 'brand', value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const submit = kit.onSubmit((values) => {
    if (whereMissing) return;
    if (values.mode === 'category') {
      const typed = values.category.trim().toLowerCase();
      const match = allCategories.find((c) => c.label.toLowerCase() === typed);
      if (!match) {
        form.setError('category', { type: 'server', message: t('chooseCategoryFromList') });
        kit.failSubmit();
        return;
      }
      setField('category', match.label);
      onSearch({ childCategoryName: match.label, brand: '' });
    } else {
      onSearch({ childCategoryName: '', brand: values.brand.trim() });
    }
  });

  return (
    <KitForm
      kit={kit}
      className="locator-search"
      aria-label={t('findStores')}
      onSubmit={(event) => void submit(event)}
    >
      {where}
      <fieldset className="locator-search__modes">
        <legend>{t('searchBy')}</legend>
        {(['category', 'brand'] as const).map((value) => (
          <label key={value} className="locator-search__mode">
            <input type="radio" value={value} {...form.register('mode')} />
            {value === 'category' ? t('category') : t('brand')}
          </label>
        ))}
      </fieldset>

      {mode === 'category' ? (
        <Combobox
          key="category"
          label={t('category')}
          name="category"
          value={category}
          onValueChange={(text) => setField('category', text)}
          onSelect={(option) => {
            setField('category', option.label);
            form.clearErrors('category');
          }}
          options={categoryOptions}
          loading={tree.isPending && !sellCategory}
          noMatches={t('noCategory')}
          placeholder={t('categoryPlaceholder')}
          hint={
            tree.isError && !sellCategory ? t('categoriesFailed', { message: tree.error.message }) : undefined
          }
          error={kit.shownError('category')}
        />
      ) : (
        <Combobox
          key="brand"
          label={t('brand')}
          name="brand"
          value={brand}
          onValueChange={(text) => setField('brand', text)}
          onSelect={(option) => setField('brand', option.label)}
          options={brandOptions}
          loading={brandSearch.isFetching}
          noMatches={t('noBrand')}
          placeholder={t('brandPlaceholder')}
          inputMode="search"
          hint={brandSearch.isError ? t('brandsFailed', { message: brandSearch.error.message }) : undefined}
          error={kit.shownError('brand')}
        />
      )}

      <SubmitButton blockedReason={blockedReason} submitting={searching} submittingLabel={t('searching')}>
        {t('getNearbyStore')}
      </SubmitButton>
    </KitForm>
  );
}
