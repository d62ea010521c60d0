import type { ChangePasswordRequest, LoginRequest, Profile, SellerListItem } from '@app/domain';
import { isApprovable } from '@app/domain';
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
    const shops = await repo.shopsOfUsers(db, [user.id]);
    return {
      _id: user.id,
      name: user.ownerName,
      email: user.email,
      role: user.role,
      isActive: user.isActive,
      isBrand: user.isBrand,
      mustChangePassword: user.mustChangePassword,
      shops: shops.map((s) => ({ _id: s.id, name: s.name })),
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

    async listSellers(): Promise<SellerListItem[]> {
      const rows = await repo.listUsersWithShops(db);
      const shops = await repo.shopsOfUsers(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((u) => ({
        _id: u.id,
        ownerName: u.ownerName,
        role: u.role,
        isActive: u.isActive,
        shops: shops.filter((s) => s.userId === u.id).map((s) => ({ _id: s.id, name: s.name })),
        affiliate_code: u.affiliateCode,
        remaining_reward_amount: u.remainingRewardAmount,
        total_rewards_rolledout: u.totalRewardsRolledOut,
        createdAt: u.createdAt.toISOString(),
      }));
    },

    async approveSeller(userId: string) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'Seller not found');
      const shops = await repo.shopsOfUsers(db, [userId]);
      if (user.role === 'SELLER') throw new AppError('CONFLICT', 'Seller is already approved');
      if (!isApprovable({ role: user.role, shops })) {
        throw new AppError('NOT_ACCEPTABLE', 'Only accounts with a store can be approved as sellers');
      }
      await repo.updateUser(db, userId, { role: 'SELLER', isActive: true });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
