import { useEffect, useRef, useState } from 'react';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { hasTeamRight, MESSAGES } from '@app/domain';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { SellerApproval } from '../components/seller-approval';

export default function ManageSellerPage() {
  const user = useCurrentUser();
  // The admin, or a team member the admin lets approve sellers (decision 028).
  const isAdmin = !!user && hasTeamRight(user.profile, 'approve-sellers');
  // Whoever opened the page: the alert is for a visitor who is not the admin, not for the admin
  // who logs out here (the header clears the session and then leaves the page).
  const [openedByAdmin] = useState(isAdmin);
  const alerted = useRef(false);
  const { alert, dialog } = useAlertDialog();

  useEffect(() => {
    // The ref keeps StrictMode's double effect run from alerting twice.
    if (isAdmin || openedByAdmin || alerted.current) return;
    alerted.current = true;
    void alert(MESSAGES.notAuthorized, 'Approve Seller');
  }, [isAdmin, openedByAdmin, alert]);

  if (!isAdmin && openedByAdmin) return null;
  if (!isAdmin) {
    return (
      <section className="page">
        <title>Approve Seller | Revuhub</title>
        <h1>Approve Seller</h1>
        <ErrorState
          announce={false}
          title={MESSAGES.notAuthorized}
          message="Log in with an admin account to approve sellers."
        >
          <Link className="link-button" to={paths.adminLogin}>
            Admin login
          </Link>
        </ErrorState>
        {dialog}
      </section>
    );
  }
  return <SellerApproval />;
}
