import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useProfileFromParams, useProfileName } from '../../../lib/use-profile-scope';
import { useQueryList } from '../api/queries-api';
import { QueryCard } from '../components/query-card';
import '../components/queries.css';
import { useT } from '../../../lib/i18n';

/** /answerquery and its scoped forms: queries asked (of one profile when scoped), newest first. */
export default function AnswerQueryPage() {
  const profile = useProfileFromParams();
  const name = useProfileName(profile);
  const [draft, setDraft] = useState('');
  const { t } = useT('queries');
  const { t: common } = useT('common');
  const [filterKey, setFilterKey] = useState('');
  const list = useQueryList({ filterKey, scope: profile?.scope, scopeUserId: profile?.id });

  const heading = profile && name.data ? t('answerProfileTitle', { name: name.data }) : t('answerTitle');
  const queries = list.data?.pages.flatMap((p) => p.Data) ?? [];

  return (
    <section className="page queries stack">
      <title>{common('pageTitle', { title: heading })}</title>
      <h1>{heading}</h1>
      <form
        className="queries__filter"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilterKey(draft.trim());
        }}
      >
        <TextField
          label={t('searchByKey')}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" loading={list.isFetching && !list.isFetchingNextPage}>
          {t('fetch')}
        </Button>
      </form>
      {list.isPending ? <LoadingState label={t('loadingQueries')} /> : null}
      {list.isError ? (
        <ErrorState
          title={t('couldNotLoadQueries')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && queries.length === 0 ? <EmptyState title={t('noResults')} /> : null}
      {queries.length > 0 ? (
        <ul className="queries__list" aria-label={t('queriesList')}>
          {queries.map((q) => (
            <QueryCard key={q._id} query={q} />
          ))}
        </ul>
      ) : null}
      <LoadMore list={list} label={t('moreQueries')} />
    </section>
  );
}
