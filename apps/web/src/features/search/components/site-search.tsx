import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_TEXT_MAX, type SearchSuggestion } from '@app/domain';
import { useSearchSuggestions } from '../api/search-suggestions';
import { searchPath } from './search-links';
import { SearchIcon } from './search-icon';
import { useT } from '../../../lib/i18n';
import './site-search.css';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
const SUGGEST_DELAY_MS = 200;

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The header's search: an input on wide screens; on narrower ones an icon button that opens the
 * same form in a bar below the header (Escape closes it and gives focus back to the button).
 * While typing it suggests stores and products, or the corrected words for a misspelt one (issue
 * 39), as an ARIA combobox: the arrow keys move through the list, Enter opens the chosen one (or
 * the results page when none is chosen), Escape closes the list.
 */
export function SiteSearch() {
  const navigate = useNavigate();
  const { t } = useT('common');
  const location = useLocation();
  const formId = useId();
  const inputId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // The list shows while the person types in the field, and closes on Escape, leaving or choosing.
  const [listWanted, setListWanted] = useState(false);
  const [active, setActive] = useState(-1);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const settled = useSettled(text.trim(), SUGGEST_DELAY_MS);
  const suggestions = useSearchSuggestions(settled);
  const items: SearchSuggestion[] = listWanted && settled === text.trim() ? suggestions : [];
  const listShown = items.length > 0;
  // A new list may be shorter than the one the arrows moved through: past its end, nothing is chosen.
  const chosenIndex = active < items.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  // A new page closes the bar and the list.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
    setListWanted(false);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const go = (to: string, chosen?: SearchSuggestion) => {
    // A chosen correction is what the field now searches for.
    if (chosen?.kind === 'correction') setText(chosen.text);
    setOpen(false);
    setListWanted(false);
    setActive(-1);
    void navigate(to);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = listShown ? items[chosenIndex] : undefined;
    if (chosen) {
      go(chosen.link, chosen);
      return;
    }
    const q = text.trim();
    if (!q) {
      inputRef.current?.focus();
      return;
    }
    go(searchPath(q));
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!listShown) {
        setListWanted(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field down to the first, up to the last; past either end back to the field.
      const next = chosenIndex + step;
      setActive(next < -1 ? items.length - 1 : next >= items.length ? -1 : next);
    } else if (event.key === 'Escape' && listShown) {
      // The first Escape closes the list; the next one closes the bar.
      event.stopPropagation();
      setListWanted(false);
      setActive(-1);
    }
  };

  return (
    <div className="site-search" data-open={open}>
      <button
        ref={toggleRef}
        type="button"
        className="site-search__toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((value) => !value)}
      >
        <SearchIcon />
        <span className="visually-hidden">{t('searchToggle')}</span>
      </button>
      <form
        id={formId}
        role="search"
        aria-label={t('searchForm')}
        className="site-search__form"
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            setOpen(false);
            toggleRef.current?.focus();
          }
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          {t('searchLabel')}
        </label>
        <div className="site-search__field">
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listShown}
            aria-controls={listId}
            aria-activedescendant={listShown && chosenIndex >= 0 ? optionId(chosenIndex) : undefined}
            className="site-search__input"
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_TEXT_MAX}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setListWanted(true);
              setActive(-1);
            }}
            onKeyDown={onInputKey}
            onBlur={() => setListWanted(false)}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('searchSuggestions')}
            className="site-search__list"
            hidden={!listShown}
          >
            {items.map((item, index) => (
              <li
                key={`${item.kind}:${item.link}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === chosenIndex}
                className="site-search__option"
                // Chosen on mouse down, before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(item.link, item);
                }}
              >
                {item.kind === 'correction' ? (
                  <span>
                    {t('searchDidYouMean')} <strong>{item.text}</strong>
                  </span>
                ) : (
                  <>
                    <span className="site-search__option-text">{item.text}</span>
                    <span className="site-search__option-detail">
                      {t(item.kind === 'store' ? 'searchKindStore' : 'searchKindProduct')}
                      {item.detail ? ` · ${item.detail}` : ''}
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {listShown ? t('searchSuggestionCount', { count: items.length }) : ''}
        </p>
        <button type="submit" className="site-search__submit">
          <SearchIcon />
          <span className="visually-hidden">{t('searchSubmit')}</span>
        </button>
      </form>
    </div>
  );
}
