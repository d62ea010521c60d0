import { useEffect, useRef, useState } from 'react';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { hasTeamRight } from '@app/domain';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { SellerApproval } from '../components/seller-approval';
import { useT } from '../../../lib/i18n';

export default function ManageSellerPage() {
  const user = useCurrentUser();
  // The admin, or a team member the admin lets approve sellers (decision 028).
  const isAdmin = !!user && hasTeamRight(user.profile, 'approve-sellers');
  // Whoever opened the page: the alert is for a visitor who is not the admin, not for the admin
  // who logs out here (the header clears the session and then leaves the page).
  const [openedByAdmin] = useState(isAdmin);
  const alerted = useRef(false);
  const { alert, dialog } = useAlertDialog();
  const { t } = useT('stores');
  const { t: common } = useT('common');
  const notAuthorized = t('notAuthorized');
  const approveSeller = t('approveSeller');

  useEffect(() => {
    // The ref keeps StrictMode's double effect run from alerting twice.
    if (isAdmin || openedByAdmin || alerted.current) return;
    alerted.current = true;
    void alert(notAuthorized, approveSeller);
  }, [isAdmin, openedByAdmin, alert, notAuthorized, approveSeller]);

  if (!isAdmin && openedByAdmin) return null;
  if (!isAdmin) {
    return (
      <section className="page">
        <title>{common('pageTitle', { title: approveSeller })}</title>
        <h1>{approveSeller}</h1>
        <ErrorState announce={false} title={notAuthorized} message={t('adminOnly')}>
          <Link className="link-button" to={paths.adminLogin}>
            {t('adminLogin')}
          </Link>
        </ErrorState>
        {dialog}
      </section>
    );
  }
  return <SellerApproval />;
}
