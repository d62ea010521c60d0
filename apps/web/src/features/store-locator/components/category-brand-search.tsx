import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { FIELD_BORDER_COLOURS, type ParentCategory, type SellCategory } from '@app/domain';
import { Button } from '../../../components/ui/button';
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

/** The whole category tree, or only the categories a store sells when the locator is scoped to it. */
function groupsOf(tree: ParentCategory[] | undefined, only: SellCategory[] | undefined): Group[] {
  if (only) return only.map((c) => ({ parent: c.parentCategory, children: c.childCategory }));
  return (tree ?? []).map((p) => ({
    parent: p.parentCategory,
    children: p.childCategorys.map((c) => c.childCategoryName),
  }));
}

const borderStyle = { borderColor: FIELD_BORDER_COLOURS.valid };

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
  const id = useId();
  const [mode, setMode] = useState<LocatorMode>('category');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const tree = useCategoryTree();
  const brandSearch = useBrandSearch(useDeferredValue(brand.trim()));
  const groups = groupsOf(tree.data?.Data, sellCategory);
  const chosen = mode === 'category' ? category : brand.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSearch || !chosen) return;
    onSearch(
      mode === 'category'
        ? { childCategoryName: category, brand: '' }
        : { childCategoryName: '', brand: brand.trim() },
    );
  }

  return (
    <form className="locator-search" onSubmit={submit} noValidate>
      <fieldset className="locator-search__modes">
        <legend>Search by</legend>
        {(['category', 'brand'] as const).map((value) => (
          <label key={value} className="locator-search__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            {value === 'category' ? 'Category' : 'Brand'}
          </label>
        ))}
      </fieldset>

      {mode === 'category' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-category`}>
            Category
          </label>
          <div className="field__control">
            <select
              id={`${id}-category`}
              className="field__input"
              style={borderStyle}
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              aria-describedby={tree.isError ? `${id}-category-error` : undefined}
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
          {tree.isError && !sellCategory ? (
            <p className="field__error" id={`${id}-category-error`}>
              Could not load the categories: {tree.error.message}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-brand`}>
            Brand
          </label>
          <div className="field__control">
            <input
              id={`${id}-brand`}
              className="field__input"
              style={borderStyle}
              list={`${id}-brands`}
              value={brand}
              autoComplete="off"
              placeholder="Type to search brands"
              onChange={(event) => setBrand(event.target.value)}
            />
            <datalist id={`${id}-brands`}>
              {(brandSearch.data?.data.brand ?? []).map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
        </div>
      )}

      <Button type="submit" disabled={!canSearch || !chosen} loading={searching}>
        Get Nearby Store
      </Button>
    </form>
  );
}
