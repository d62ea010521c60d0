import type { ChangePasswordRequest, LoginRequest, Profile } from '@app/domain';
import { applicantKindOf, approvalOf } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './accounts.repository.js';

export interface AccountsOptions {
  sessionTtlDays: number;
  /** Shared by every process when Redis is configured (lib/shared-state.ts). */
  throttle?: LoginThrottle;
}

export function createAccountsService(db: Database, options: AccountsOptions) {
  // Growing delays per (account, IP) and per IP, never an account lock: see LoginThrottle.
  // changePassword shares it, so a stolen session cannot brute-force the current password either.
  const throttle = options.throttle ?? new LoginThrottle();

  async function checkThrottle(accountKey: string, ip: string) {
    const wait = await throttle.waitSeconds(accountKey, ip);
    if (wait > 0) {
      const when = wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
      throw new AppError('RATE_LIMITED', `Too many login attempts. Try again in ${when}.`);
    }
  }

  async function toProfile(user: repo.UserRow): Promise<Profile> {
    const [shops, latest] = await Promise.all([
      repo.shopsOfUsers(db, [user.id]),
      repo.latestDecision(db, user.id),
    ]);
    const kind = applicantKindOf({ ...user, hasShop: shops.length > 0 });
    return {
      _id: user.id,
      name: user.ownerName,
      email: user.email,
      role: user.role,
      isActive: user.isActive,
      isBrand: user.isBrand,
      mustChangePassword: user.mustChangePassword,
      shops: shops.map((s) => ({ _id: s.id, name: s.name })),
      kind,
      approval: approvalOf(user.role, kind, latest),
    };
  }

  async function startSession(userId: string) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + options.sessionTtlDays * 24 * 60 * 60 * 1000);
    await repo.insertSession(db, { userId, tokenHash: hashToken(token), expiresAt });
    return token;
  }

  return {
    async login(input: LoginRequest, ip: string) {
      const user = await repo.findUserByLogin(db, input.userName);
      // One counter per account whether the e-mail or the mobile is typed; unknown names by the name.
      const accountKey = user?.id ?? `name:${input.userName.trim().toLowerCase()}`;
      await checkThrottle(accountKey, ip);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) {
        await throttle.fail(accountKey, ip);
        throw new AppError('UNAUTHENTICATED', 'Invalid e-mail or password');
      }
      await throttle.succeed(accountKey, ip);
      const token = await startSession(user.id);
      return { _id: user.id, token, profile: await toProfile(user) };
    },

    async logout(user: AuthUser) {
      await repo.revokeSession(db, user.sessionId);
    },

    async me(user: AuthUser) {
      const row = await repo.findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in again');
      return toProfile(row);
    },

    /** Also ends every other session, so a leaked one-time password stops working everywhere. */
    async changePassword(user: AuthUser, input: ChangePasswordRequest, ip: string) {
      await checkThrottle(user.id, ip);
      const row = await repo.findUserById(db, user.id);
      if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        await throttle.fail(user.id, ip);
        throw new AppError('BAD_REQUEST', 'Current password is wrong', {
          currentPassword: 'Current password is wrong',
        });
      }
      if (input.currentPassword === input.newPassword) {
        throw new AppError('BAD_REQUEST', 'Choose a password different from the current one', {
          newPassword: 'Choose a password different from the current one',
        });
      }
      await repo.updateUser(db, user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
      });
      await throttle.succeed(user.id, ip);
      await repo.revokeOtherSessions(db, user.id, user.sessionId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
