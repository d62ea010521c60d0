import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { richText } from '../../../components/ui/rich-text';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useMe } from '../api/account-api';
import { AddressBook } from '../components/address-book';
import { MessageSettings } from '../components/message-settings';
import { MyPosts } from '../components/my-posts';
import { WaitingContributions } from '../components/waiting-contributions';
import { MyReferrals } from '../../referral';
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
  const { t } = useT('account');
  const me = useMe();

  if (me.isPending) {
    return (
      <section className="page">
        <title>{t('myAccountTitle')}</title>
        <LoadingState label={t('loadingAccount')} />
      </section>
    );
  }
  if (me.isError) {
    return (
      <section className="page">
        <title>{t('myAccountTitle')}</title>
        <ErrorState
          title={t('couldNotLoadAccount')}
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
      <title>{t('myAccountTitle')}</title>
      <h1>{profile.name}</h1>
      <WaitingContributions />
      {status === 'pending' ? (
        <div className="account__status" role="status">
          <p className="account__status-title">{t('approvalPending')}</p>
          <p>{t('approvalPendingDetail')}</p>
        </div>
      ) : status === 'rejected' ? (
        <div className="account__status account__status--rejected" role="alert">
          <p className="account__status-title">{t('approvalRejected')}</p>
          <p>{t('rejectionReason', { reason })}</p>
          {applyAgain ? (
            <p>
              <Link to={`${applyAgain}?reapply=1`}>{t('applyAgain')}</Link>
            </p>
          ) : null}
        </div>
      ) : profile.role === 'SELLER' ? (
        <p>
          <Link to={paths.viewStore(profile._id)}>{t('goToStore')}</Link>
        </p>
      ) : profile.kind === 'expert' ? (
        <>
          <section className="card stack" aria-labelledby="profile-heading">
            <h2 id="profile-heading">{t('expertProfile')}</h2>
            <p>{t('approvedExpert')}</p>
            <p>
              <Link to={paths.addSkill}>{t('addPost')}</Link>
            </p>
          </section>
          <MyPosts userId={profile._id} heading={t('yourPosts')} emptyText={t('noPostsYet')} />
        </>
      ) : (
        <MyPosts userId={profile._id} heading={t('yourReviews')} emptyText={t('noReviewsYet')} />
      )}
      {/* Any account may refer (decisions 033, 055): an applicant still waiting has nothing to share yet. */}
      {status === 'pending' || status === 'rejected' ? null : <MyReferrals userId={profile._id} />}
      <AddressBook />
      <MessageSettings seller={profile.role === 'SELLER'} />
      <p>
        {richText((values) => t('dataAndPrivacyLine', values), {
          link: <Link to={paths.myData}>{t('yourDataAndPrivacy')}</Link>,
        })}
      </p>
    </section>
  );
}
