import { useDeferredValue, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { FIELD_BORDER_COLOURS, type ParentCategory, type SellCategory } from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useBrandSearch, useCategoryTree } from '../api/locator-api';

export type LocatorMode = 'category' | 'brand';

export interface LocatorChoice {
  childCategoryName: string;
  brand: string;
}

interface Group {
  parent: string;
  children: string[];
}

interface SearchValues {
  mode: LocatorMode;
  category: string;
  brand: string;
}

/** The whole category tree, or only the categories a store sells when the locator is scoped to it. */
function groupsOf(tree: ParentCategory[] | undefined, only: SellCategory[] | undefined): Group[] {
  if (only) return only.map((c) => ({ parent: c.parentCategory, children: c.childCategory }));
  return (tree ?? []).map((p) => ({
    parent: p.parentCategory,
    children: p.childCategorys.map((c) => c.childCategoryName),
  }));
}

/** Spec section 5: category and brand cannot both be empty; the mode says which one is asked for. */
const resolver: Resolver<SearchValues> = (values) => {
  const missing: keyof SearchValues | null =
    values.mode === 'category' ? (values.category ? null : 'category') : values.brand.trim() ? null : 'brand';
  if (!missing) return { values, errors: {} };
  const message = missing === 'category' ? 'Choose a category' : 'Type a brand';
  return { values: {}, errors: { [missing]: { type: 'required', message } } };
};

interface Props {
  /** A scoped locator offers only these categories. */
  sellCategory?: SellCategory[] | undefined;
  /** False until the browser has given a position. */
  canSearch: boolean;
  searching: boolean;
  onSearch: (choice: LocatorChoice) => void;
}

/** Search by category (the category tree) or by brand (searchable); spec section 2 "Store locator". */
export function CategoryBrandSearch({ sellCategory, canSearch, searching, onSearch }: Props) {
  const form = useForm<SearchValues>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { mode: 'category', category: '', brand: '' },
  });
  const kit = useFormKit(form);
  const [mode, category, brand] = useWatch({ control: form.control, name: ['mode', 'category', 'brand'] });
  const tree = useCategoryTree();
  const brandSearch = useBrandSearch(useDeferredValue(brand.trim()));
  const groups = useMemo(() => groupsOf(tree.data?.Data, sellCategory), [tree.data, sellCategory]);
  const chosen = mode === 'category' ? category : brand.trim();
  const errorOf = (name: 'category' | 'brand') => kit.shownError(name);
  const describedBy = (name: 'category' | 'brand', extra?: string) =>
    [errorOf(name) ? `${kit.fieldId(name)}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  // Spec section 4: the button waits for the device position and a category or brand. It stays
  // reachable and says which is missing; a press without a choice shows the error summary.
  const blockedReason = !canSearch
    ? 'Waiting for your location.'
    : !chosen
      ? mode === 'category'
        ? 'Choose a category first.'
        : 'Type a brand first.'
      : null;

  const submit = kit.onSubmit((values) => {
    if (!canSearch) return;
    onSearch(
      values.mode === 'category'
        ? { childCategoryName: values.category, brand: '' }
        : { childCategoryName: '', brand: values.brand.trim() },
    );
  });

  const fieldStyle = (name: 'category' | 'brand') => ({
    borderColor: errorOf(name) ? FIELD_BORDER_COLOURS.error : FIELD_BORDER_COLOURS.valid,
  });
  const categoryId = kit.fieldId('category');
  const brandId = kit.fieldId('brand');

  return (
    <KitForm
      kit={kit}
      className="locator-search"
      aria-label="Find stores"
      onSubmit={(event) => void submit(event)}
    >
      <fieldset className="locator-search__modes">
        <legend>Search by</legend>
        {(['category', 'brand'] as const).map((value) => (
          <label key={value} className="locator-search__mode">
            <input type="radio" value={value} {...form.register('mode')} />
            {value === 'category' ? 'Category' : 'Brand'}
          </label>
        ))}
      </fieldset>

      {mode === 'category' ? (
        <div className="field">
          <label className="field__label" htmlFor={categoryId}>
            Category
          </label>
          <div className="field__control">
            <select
              id={categoryId}
              className="field__input"
              style={fieldStyle('category')}
              autoComplete="off"
              aria-invalid={errorOf('category') ? true : undefined}
              aria-describedby={describedBy(
                'category',
                tree.isError && !sellCategory ? `${categoryId}-load-error` : undefined,
              )}
              {...form.register('category')}
            >
              <option value="">
                {tree.isPending && !sellCategory ? 'Loading categories…' : 'Select a category'}
              </option>
              {groups.map((group) => (
                <optgroup key={group.parent} label={group.parent}>
                  {group.children.map((child) => (
                    <option key={child} value={child}>
                      {child}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          {errorOf('category') ? (
            <p className="field__error" id={`${categoryId}-error`}>
              {errorOf('category')}
            </p>
          ) : null}
          {tree.isError && !sellCategory ? (
            <p className="field__error" id={`${categoryId}-load-error`}>
              Could not load the categories: {tree.error.message}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={brandId}>
            Brand
          </label>
          <div className="field__control">
            <input
              id={brandId}
              className="field__input"
              style={fieldStyle('brand')}
              list={`${brandId}-brands`}
              autoComplete="off"
              inputMode="search"
              placeholder="Type to search brands"
              aria-invalid={errorOf('brand') ? true : undefined}
              aria-describedby={describedBy('brand')}
              {...form.register('brand')}
            />
            <datalist id={`${brandId}-brands`}>
              {(brandSearch.data?.data.brand ?? []).map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          {errorOf('brand') ? (
            <p className="field__error" id={`${brandId}-error`}>
              {errorOf('brand')}
            </p>
          ) : null}
        </div>
      )}

      <SubmitButton blockedReason={blockedReason} submitting={searching} submittingLabel="Searching…">
        Get Nearby Store
      </SubmitButton>
    </KitForm>
  );
}
