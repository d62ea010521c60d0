import type { ReactNode } from 'react';
import { hasTeamRight, type Role, type TeamRight } from '@app/domain';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../components/ui/feedback-state';
import { paths } from '../lib/routes';
import { useCurrentUser } from '../lib/session';

export interface RedirectState {
  /** Where to go back to after login. */
  from?: string;
}

/**
 * Route guard: without stored user data go to /login; with the wrong role explain instead of
 * redirecting. `right`: the admin, or a team member the admin gave that right (decision 028).
 */
export function RequireRole({
  roles,
  right,
  children,
}: {
  roles?: readonly Role[];
  right?: TeamRight;
  children?: ReactNode;
}) {
  const user = useCurrentUser();
  const location = useLocation();

  if (!user) {
    const state: RedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if ((roles && !roles.includes(user.profile.role)) || (right && !hasTeamRight(user.profile, right))) {
    return (
      <div className="page">
        <ErrorState
          titleAs="h1"
          title="You are not authorized!"
          message="Your account cannot open this page."
        >
          <Link to={paths.home}>Go to the home page</Link>
        </ErrorState>
      </div>
    );
  }
  return children ?? <Outlet />;
}
