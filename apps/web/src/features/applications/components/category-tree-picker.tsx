import { useId, useState, type ReactNode } from 'react';
import type { ParentCategory, SellCategory } from '@app/domain';
import { FIELD_BORDERS } from '../../../components/ui/field-colours';
import { useT } from '../../../lib/i18n';

export interface CategoryTreePickerProps {
  legend: string;
  /** Lets the form's error summary link here. */
  id?: string;
  categories: readonly ParentCategory[];
  value: readonly SellCategory[];
  onChange: (value: SellCategory[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  status?: ReactNode;
}

/** Ticks or unticks one child; a parent stays in the list only while it has a ticked child. */
export function toggleChild(
  value: readonly SellCategory[],
  parent: string,
  child: string,
  checked: boolean,
): SellCategory[] {
  const existing = value.find((entry) => entry.parentCategory === parent);
  const children = new Set(existing?.childCategory ?? []);
  if (checked) children.add(child);
  else children.delete(child);
  const others = value.filter((entry) => entry.parentCategory !== parent);
  if (children.size === 0) return others;
  const updated = { parentCategory: parent, childCategory: [...children] };
  // Keep the parent where it was so the list does not reorder while the user ticks boxes.
  return existing ? value.map((entry) => (entry === existing ? updated : entry)) : [...others, updated];
}

/** Parent categories, each opening to its child categories as checkboxes. */
export function CategoryTreePicker({
  legend,
  id,
  categories,
  value,
  onChange,
  onBlur,
  error,
  status,
}: CategoryTreePickerProps) {
  const { t } = useT('applications');
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const errorId = `${baseId}-error`;

  const toggleOpen = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <fieldset
      id={id}
      className="application__fieldset"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      onBlur={onBlur}
      style={{ borderColor: error ? FIELD_BORDERS.error : FIELD_BORDERS.valid }}
    >
      <legend>{legend}</legend>
      {status ? <p className="field__hint">{status}</p> : null}
      <ul className="category-tree">
        {categories.map((parent) => {
          const chosen = value.find((entry) => entry.parentCategory === parent.parentCategory);
          const isOpen = open.has(parent._id);
          const panelId = `${baseId}-${parent._id}`;
          return (
            <li key={parent._id}>
              <button
                type="button"
                className="category-tree__toggle"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggleOpen(parent._id)}
              >
                <span>{parent.parentCategory}</span>
                <span>
                  {chosen ? `${t('chosenCount', { count: chosen.childCategory.length })} ` : ''}
                  <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
                </span>
              </button>
              <ul className="category-tree__children" id={panelId} hidden={!isOpen}>
                {parent.childCategorys.map((child) => (
                  <li key={child._id}>
                    <label className="category-tree__child">
                      <input
                        type="checkbox"
                        checked={chosen?.childCategory.includes(child.childCategoryName) ?? false}
                        onChange={(event) =>
                          onChange(
                            toggleChild(
                              value,
                              parent.parentCategory,
                              child.childCategoryName,
                              event.target.checked,
                            ),
                          )
                        }
                      />
                      {child.childCategoryName}
                    </label>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="application__field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
