import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_TEXT_MAX } from '@app/domain';
import { searchPath } from './search-links';
import { SearchIcon } from './search-icon';
import './site-search.css';

const LABEL = 'Search posts, queries, products and stores';

/**
 * The header's search: an input on wide screens; on narrower ones an icon button that opens the
 * same form in a bar below the header (Escape closes it and gives focus back to the button).
 */
export function SiteSearch() {
  const navigate = useNavigate();
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
        <span className="visually-hidden">Search</span>
      </button>
      <form
        id={formId}
        role="search"
        aria-label="Site"
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
          {LABEL}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className="site-search__input"
          placeholder="Search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="site-search__submit">
          <SearchIcon />
          <span className="visually-hidden">Show results</span>
        </button>
      </form>
    </div>
  );
}
