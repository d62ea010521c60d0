import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_TEXT_MAX } from '@app/domain';
import { searchPath } from './search-links';
import { SearchIcon } from './search-icon';
import { useT } from '../../../lib/i18n';
import './site-search.css';

/**
 * The header's search: an input on wide screens; on narrower ones an icon button that opens the
 * same form in a bar below the header (Escape closes it and gives focus back to the button).
 */
export function SiteSearch() {
  const navigate = useNavigate();
  const { t } = useT('common');
  const location = useLocation();
  const formId = useId();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // A new page closes the bar.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) {
      inputRef.current?.focus();
      return;
    }
    setOpen(false);
    void navigate(searchPath(q));
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
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className="site-search__input"
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="site-search__submit">
          <SearchIcon />
          <span className="visually-hidden">{t('searchSubmit')}</span>
        </button>
      </form>
    </div>
  );
}
