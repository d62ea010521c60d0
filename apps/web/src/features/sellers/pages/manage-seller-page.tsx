import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@app/domain';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { SellerApproval } from '../components/seller-approval';

export default function ManageSellerPage() {
  const user = useCurrentUser();
  const isAdmin = user?.profile.role === 'ADMIN';
  // Whoever opened the page: the alert is for a visitor who is not the admin, not for the admin
  // who logs out here (the header clears the session and then leaves the page).
  const [openedByAdmin] = useState(isAdmin);
  const alerted = useRef(false);

  useEffect(() => {
    // The ref keeps StrictMode's double effect run from alerting twice.
    if (isAdmin || openedByAdmin || alerted.current) return;
    alerted.current = true;
    window.alert(MESSAGES.notAuthorized);
  }, [isAdmin, openedByAdmin]);

  if (!isAdmin && openedByAdmin) return null;
  if (!isAdmin) {
    return (
      <section className="page">
        <title>Approve Seller | Revuhub</title>
        <ErrorState title={MESSAGES.notAuthorized} message="Log in with an admin account to approve sellers.">
          <Link className="link-button" to={paths.adminLogin}>
            Admin login
          </Link>
        </ErrorState>
      </section>
    );
  }
  return <SellerApproval />;
}
