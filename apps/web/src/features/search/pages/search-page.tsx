import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, SEARCH_KIND_LABELS, SEARCH_KINDS, SEARCH_TEXT_MAX, type SearchKind } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSiteSearch, type SearchKindParam } from '../api/search-api';
import { ResultList } from '../components/result-list';
import { searchPath } from '../components/search-links';
import './search-page.css';

function readKind(value: string | null): SearchKindParam {
  return SEARCH_KINDS.includes(value as SearchKind) ? (value as SearchKind) : 'all';
}

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : 1;
}

/** /search?q=…[&kind=…&page=…]: the header search's results, grouped by kind. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_TEXT_MAX);
  const kind = readKind(params.get('kind'));
  const page = kind === 'all' ? 1 : readPage(params.get('page'));
  const search = useSiteSearch(q, kind, page);

  // The field follows the address (a new search from the header) until the person types.
  const [draft, setDraft] = useState({ for: q, text: q });
  if (draft.for !== q) setDraft({ for: q, text: q });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.text.trim()) void navigate(searchPath(draft.text));
  };

  const heading = q
    ? kind === 'all'
      ? `Results for “${q}”`
      : `${SEARCH_KIND_LABELS[kind]} for “${q}”`
    : 'Search';
  const groups = search.data?.data.groups.filter((g) => g.items.length > 0) ?? [];

  return (
    <section className="page stack" aria-busy={search.isFetching}>
      <title>{`${heading} | Revuhub`}</title>
      <h1>{heading}</h1>
      <form className="search-page__form" role="search" aria-label="Results" onSubmit={submit}>
        <TextField
          label="Search words"
          type="search"
          maxLength={SEARCH_TEXT_MAX}
          value={draft.text}
          onChange={(e) => setDraft({ for: q, text: e.target.value })}
        />
        <Button type="submit">Search</Button>
      </form>
      {kind !== 'all' && q ? (
        <p>
          <Link to={searchPath(q)}>All results for “{q}”</Link>
        </p>
      ) : null}
      {!q ? <p>Type a word from a review, a question, a product, a brand or a store.</p> : null}
      {q && search.isPending ? <LoadingState label="Searching…" /> : null}
      {search.isError ? (
        <ErrorState
          title="Could not search"
          message={search.error.message}
          onRetry={() => void search.refetch()}
        />
      ) : null}
      {search.isSuccess && groups.length === 0 ? <EmptyState title={MESSAGES.noResults} /> : null}
      {groups.map((group) => {
        const label = SEARCH_KIND_LABELS[group.kind];
        const headingId = `search-${group.kind}`;
        return (
          <section key={group.kind} className="search-group" aria-labelledby={headingId}>
            <div className="search-group__head">
              <h2 id={headingId}>{label}</h2>
              {kind === 'all' && group.hasMore ? (
                <Link className="search-group__more" to={searchPath(q, group.kind)}>
                  {`More ${label.toLowerCase()}`}
                </Link>
              ) : null}
            </div>
            <ResultList items={group.items} label={label} />
          </section>
        );
      })}
      {kind !== 'all' && search.isSuccess && (page > 1 || groups[0]?.hasMore) ? (
        <nav className="search-pages" aria-label="Pages">
          {page > 1 ? <Link to={searchPath(q, kind, page - 1)}>Previous page</Link> : <span />}
          {groups[0]?.hasMore ? <Link to={searchPath(q, kind, page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
