import { MESSAGES, type Role } from '@app/domain';
import { paths } from '../../lib/routes';
import { landingPath } from '../../lib/session';

export type LoginMode = 'seller' | 'admin' | 'team';

export type LoginOutcome = { kind: 'allowed'; to: string } | { kind: 'denied'; message: string };

/** Which roles each login screen accepts and where they go (spec sections 2, 5 and 6). */
export function decideLogin(mode: LoginMode, user: { _id: string; profile: { role: Role } }): LoginOutcome {
  const role = user.profile.role;
  switch (mode) {
    case 'seller':
      return { kind: 'allowed', to: landingPath(user) };
    case 'admin':
      return role === 'ADMIN'
        ? { kind: 'allowed', to: paths.manageSeller }
        : { kind: 'denied', message: MESSAGES.noAdminRights };
    case 'team':
      return role === 'TEAM' || role === 'ADMIN'
        ? { kind: 'allowed', to: landingPath(user) }
        : { kind: 'denied', message: MESSAGES.noTeamRights };
  }
}
