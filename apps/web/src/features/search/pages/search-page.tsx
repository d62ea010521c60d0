import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_KINDS, SEARCH_TEXT_MAX, type SearchKind } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSiteSearch, type SearchKindParam } from '../api/search-api';
import { ResultList } from '../components/result-list';
import { searchPath } from '../components/search-links';
import { useT } from '../../../lib/i18n';
import './search-page.css';

/** Each kind's heading and "More …" link in the `search` catalogue (English: SEARCH_KIND_LABELS). */
const KIND_LABEL: Record<SearchKind, string> = {
  posts: 'kindPosts',
  queries: 'kindQueries',
  products: 'kindProducts',
  stores: 'kindStores',
};
const MORE_LABEL: Record<SearchKind, string> = {
  posts: 'morePosts',
  queries: 'moreQueries',
  products: 'moreProducts',
  stores: 'moreStores',
};

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
  const { t } = useT('search');
  const { t: common } = useT('common');
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
      ? t('resultsFor', { q })
      : t('kindFor', { kind: t(KIND_LABEL[kind]), q })
    : t('title');
  const groups = search.data?.data.groups.filter((g) => g.items.length > 0) ?? [];
  // Nothing matched the words as typed; the results are those of the corrected words (issue 39).
  const corrected = search.data?.data.q === q ? search.data.data.didYouMean : null;
  // More of a kind, and further pages, continue the search whose results are shown.
  const shownQ = corrected ?? q;

  return (
    <section className="page stack" aria-busy={search.isFetching}>
      <title>{common('pageTitle', { title: heading })}</title>
      <h1>{heading}</h1>
      <form className="search-page__form" role="search" aria-label={t('resultsForm')} onSubmit={submit}>
        <TextField
          label={t('searchWords')}
          type="search"
          maxLength={SEARCH_TEXT_MAX}
          value={draft.text}
          onChange={(e) => setDraft({ for: q, text: e.target.value })}
        />
        <Button type="submit">{t('search')}</Button>
      </form>
      {kind !== 'all' && q ? (
        <p>
          <Link to={searchPath(q)}>{t('allResultsFor', { q })}</Link>
        </p>
      ) : null}
      {!q ? <p>{t('hint')}</p> : null}
      {corrected ? (
        <p className="search-page__corrected" role="status">
          {t('nothingFor', { q })} {t('didYouMean')}{' '}
          <Link to={searchPath(corrected, kind)}>
            <strong>{corrected}</strong>
          </Link>
          ? {t('showingFor', { q: corrected })}
        </p>
      ) : null}
      {q && search.isPending ? <LoadingState label={t('searching')} /> : null}
      {search.isError ? (
        <ErrorState
          title={t('couldNotSearch')}
          message={search.error.message}
          onRetry={() => void search.refetch()}
        />
      ) : null}
      {search.isSuccess && groups.length === 0 ? <EmptyState title={t('noResults')} /> : null}
      {groups.map((group) => {
        const label = t(KIND_LABEL[group.kind]);
        const headingId = `search-${group.kind}`;
        return (
          <section key={group.kind} className="search-group" aria-labelledby={headingId}>
            <div className="search-group__head">
              <h2 id={headingId}>{label}</h2>
              {kind === 'all' && group.hasMore ? (
                <Link className="search-group__more" to={searchPath(shownQ, group.kind)}>
                  {t(MORE_LABEL[group.kind])}
                </Link>
              ) : null}
            </div>
            <ResultList items={group.items} label={label} />
          </section>
        );
      })}
      {kind !== 'all' && search.isSuccess && (page > 1 || groups[0]?.hasMore) ? (
        <nav className="search-pages" aria-label={t('pages')}>
          {page > 1 ? <Link to={searchPath(shownQ, kind, page - 1)}>{t('previousPage')}</Link> : <span />}
          {groups[0]?.hasMore ? <Link to={searchPath(shownQ, kind, page + 1)}>{t('nextPage')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
