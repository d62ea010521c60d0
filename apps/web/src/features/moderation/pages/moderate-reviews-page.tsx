import { useEffect, useRef, useState } from 'react';
import { hasTeamRight, MESSAGES } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useModerationPage } from '../api/moderation-api';
import { ContactMatchedList } from '../components/contact-matched-list';
import { ModerationPost } from '../components/moderation-post';
import { ReportedPosts } from '../components/reported-posts';
import './moderation.css';

function ModerationList() {
  const [page, setPage] = useState(1);
  const list = useModerationPage(page);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: number) => {
    setPage(next);
    // The new page replaces the list: bring keyboard and screen reader users back to its start.
    headingRef.current?.focus();
  };

  return (
    <section className="page stack">
      <title>Moderate Reviews | Revuhub</title>
      <h1 ref={headingRef} tabIndex={-1}>
        Moderate Reviews
      </h1>
      <ContactMatchedList />
      <ReportedPosts />
      <h2>All reviews</h2>
      {list.isPending ? (
        <LoadingState label="Loading reviews…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not load reviews"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.Data.length === 0 ? (
        <EmptyState title={page === 1 ? 'No reviews yet' : 'No more reviews'} />
      ) : (
        <div className="stack">
          {list.data.Data.map((post) => (
            <ModerationPost key={post._id} post={post} />
          ))}
        </div>
      )}
      <nav className="moderation__paging" aria-label="Pages">
        <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
          Back
        </Button>
        <span aria-live="polite">Page {page}</span>
        <Button variant="secondary" disabled={!list.data?.hasMore} onClick={() => go(page + 1)}>
          Next
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

  useEffect(() => {
    if (allowed || openedAllowed || alerted.current) return;
    alerted.current = true;
    window.alert(MESSAGES.notAuthorized);
  }, [allowed, openedAllowed]);

  if (allowed) return <ModerationList />;
  if (openedAllowed) return null;
  return (
    <section className="page">
      <title>Moderate Reviews | Revuhub</title>
      <ErrorState
        title={MESSAGES.notAuthorized}
        message="Log in with an admin or team account to moderate reviews."
      >
        <Link className="link-button" to={paths.teamLogin}>
          Team login
        </Link>
      </ErrorState>
    </section>
  );
}
