import { useEffect, useRef, useState } from 'react';
import { hasTeamRight } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useModerationPage } from '../api/moderation-api';
import { ContactMatchedList } from '../components/contact-matched-list';
import { LastActionBar } from '../components/last-action';
import { ModerationPost } from '../components/moderation-post';
import { ReportedPosts } from '../components/reported-posts';
import './moderation.css';
import { useT } from '../../../lib/i18n';

function ModerationList() {
  const [page, setPage] = useState(1);
  const list = useModerationPage(page);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useT('admin');

  const go = (next: number) => {
    setPage(next);
    // The new page replaces the list: bring keyboard and screen reader users back to its start.
    headingRef.current?.focus();
  };

  return (
    <section className="page stack">
      <title>{t('pageTitle', { heading: t('moderateReviews') })}</title>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('moderateReviews')}
      </h1>
      <ContactMatchedList />
      <ReportedPosts />
      <h2>{t('allReviews')}</h2>
      {list.isPending ? (
        <LoadingState label={t('loadingReviews')} />
      ) : list.isError ? (
        <ErrorState
          title={t('couldNotLoadReviews')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.Data.length === 0 ? (
        <EmptyState title={page === 1 ? t('noReviewsYet') : t('noMoreReviews')} />
      ) : (
        <div className="stack">
          {list.data.Data.map((post) => (
            <ModerationPost key={post._id} post={post} />
          ))}
        </div>
      )}
      <nav className="moderation__paging" aria-label={t('pages')}>
        <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
          {t('back')}
        </Button>
        <span aria-live="polite">{t('page', { page })}</span>
        <Button variant="secondary" disabled={!list.data?.hasMore} onClick={() => go(page + 1)}>
          {t('next')}
        </Button>
      </nav>
    </section>
  );
}

/** `/moderatereviews`: the admin and the team only; the server refuses everyone else as well. */
export default function ModerateReviewsPage() {
  const user = useCurrentUser();
  // The admin, or a team member the admin lets moderate (decision 028).
  const allowed = !!user && hasTeamRight(user.profile, 'moderate');
  // As on /manageseller: the alert is for whoever opens the page without the role, not for a
  // moderator who logs out here; the ref keeps StrictMode's second effect run from alerting again.
  const [openedAllowed] = useState(allowed);
  const alerted = useRef(false);
  const { t } = useT('admin');
  const notAuthorized = t('notAuthorized');

  useEffect(() => {
    if (allowed || openedAllowed || alerted.current) return;
    alerted.current = true;
    window.alert(notAuthorized);
  }, [allowed, openedAllowed, notAuthorized]);

  if (allowed) {
    return (
      <LastActionBar>
        <ModerationList />
      </LastActionBar>
    );
  }
  if (openedAllowed) return null;
  return (
    <section className="page">
      <title>{t('pageTitle', { heading: t('moderateReviews') })}</title>
      <ErrorState title={notAuthorized} message={t('logInToModerate')}>
        <Link className="link-button" to={paths.teamLogin}>
          {t('teamLogin')}
        </Link>
      </ErrorState>
    </section>
  );
}
