import { useId, type Ref } from 'react';
import type { SummaryItem } from './use-form-kit';
import './form-kit.css';
import { useT } from '../../lib/i18n/translate';

export interface ErrorSummaryProps {
  items: SummaryItem[];
  summaryRef: Ref<HTMLDivElement>;
  onFollow: (name: string) => void;
  attempt: number;
  title?: string;
}

/**
 * The list of what stops a submit, at the top of the form. It takes focus after a failed submit (the
 * focus itself announces it, so it is not a live region) and each entry moves focus to its field.
 */
export function ErrorSummary({ items, summaryRef, onFollow, attempt, title }: ErrorSummaryProps) {
  const titleId = useId();
  const { t } = useT('ui');
  if (items.length === 0 || attempt === 0) return null;
  return (
    <div className="error-summary" role="group" ref={summaryRef} tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className="error-summary__title">
        {title ?? t('correctFollowing')} ({items.length})
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.name}>
            <a
              href={item.href}
              onClick={(event) => {
                event.preventDefault();
                onFollow(item.name);
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
