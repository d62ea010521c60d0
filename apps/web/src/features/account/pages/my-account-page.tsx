import { APPROVAL_MESSAGES } from '@app/domain';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useMe } from '../api/account-api';
import { MessageSettings } from '../components/message-settings';
import { MyPosts } from '../components/my-posts';
import { WaitingContributions } from '../components/waiting-contributions';
import './my-account.css';

/** Where a rejected applicant of each kind applies again (the form opens with their earlier answers). */
const reapplyPath: Record<string, string | undefined> = {
  expert: paths.joinAsExpert,
  brand: paths.joinAsBrand,
  retailer: paths.joinAsRetailer,
};

/**
 * The page after login for everyone who is not the admin, the team or a seller: an applicant learns
 * whether the admin has decided, an expert sees their profile and posts, a customer their reviews.
 */
export default function MyAccountPage() {
  const me = useMe();

  if (me.isPending) {
    return (
      <section className="page">
        <title>My Account | Revuhub</title>
        <LoadingState label="Loading your account…" />
      </section>
    );
  }
  if (me.isError) {
    return (
      <section className="page">
        <title>My Account | Revuhub</title>
        <ErrorState
          title="Could not load your account"
          message={me.error.message}
          onRetry={() => void me.refetch()}
        />
      </section>
    );
  }

  const profile = me.data.data;
  const { status, reason } = profile.approval;
  const applyAgain = profile.kind ? reapplyPath[profile.kind] : undefined;
  return (
    <section className="page stack">
      <title>My Account | Revuhub</title>
      <h1>{profile.name}</h1>
      <WaitingContributions />
      {status === 'pending' ? (
        <div className="account__status" role="status">
          <p className="account__status-title">{APPROVAL_MESSAGES.pending}</p>
          <p>{APPROVAL_MESSAGES.pendingDetail}</p>
        </div>
      ) : status === 'rejected' ? (
        <div className="account__status account__status--rejected" role="alert">
          <p className="account__status-title">{APPROVAL_MESSAGES.rejected}</p>
          <p>Reason: {reason}</p>
          {applyAgain ? (
            <p>
              <Link to={`${applyAgain}?reapply=1`}>Apply again with your earlier answers</Link>
            </p>
          ) : null}
        </div>
      ) : profile.role === 'SELLER' ? (
        <p>
          <Link to={paths.viewStore(profile._id)}>Go to your store</Link>
        </p>
      ) : profile.kind === 'expert' ? (
        <>
          <section className="card stack" aria-labelledby="profile-heading">
            <h2 id="profile-heading">Your expert profile</h2>
            <p>Approved expert. Share your experience with a post; people find you by your reviews.</p>
            <p>
              <Link to={paths.addSkill}>Add a post</Link>
            </p>
          </section>
          <MyPosts userId={profile._id} heading="Your posts" emptyText="You have not posted yet" />
        </>
      ) : (
        <MyPosts userId={profile._id} heading="Your reviews" emptyText="You have not written a review yet" />
      )}
      <MessageSettings />
      <p>
        <Link to={paths.myData}>Your data and privacy</Link>: download your data or delete your account.
      </p>
    </section>
  );
}
