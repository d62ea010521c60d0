import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  PreferencesRequest,
  Profile,
  ResetPasswordRequest,
  ResumeVerificationRequest,
  VerifyContactByLoginRequest,
  VerifyContactRequest,
} from '@app/domain';
import {
  applicantKindOf,
  approvalOf,
  ONE_TIME_PASSWORD_VALID_DAYS,
  rightsHeld,
  RESUME_VERIFICATION_ANSWER,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  dummyPasswordHash,
  generatePassword,
  hashGeneratedPassword,
  hashPassword,
  verifyPassword,
} from '../../lib/passwords.js';
import { createDeviceCookies, type DeviceCookies } from '../../lib/device-cookies.js';
import { LoginThrottle, type LoginAttempt } from '../../lib/login-throttle.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import { deliverOneTimePassword } from '../../providers/messaging/deliver.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import * as repo from './accounts.repository.js';
import { codeRefused, type ContactCodes } from './contact-codes.js';

export interface AccountsOptions {
  sessionTtlDays: number;
  /** Shared by every process when Redis is configured (lib/shared-state.ts). */
  throttle?: LoginThrottle;
  /** Signs the browsers that have logged in before; a per-process secret when not given. */
  deviceCookies?: DeviceCookies;
  messaging: MessagingProvider;
  codes: ContactCodes;
  /**
   * A registration that waited for the e-mail an unproven account held, once its code is right, in
   * the verification's transaction (the applications module's applyPendingApplication). Passed in
   * by app.ts rather than imported, so accounts does not depend on applications, which depends on it.
   */
  applyPendingApplication?: (tx: Database, userId: string, pendingId: string) => Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RESUME_REFUSED = 'This code is wrong or has expired. Check the message or ask for a new code.';
const resumeRefused = () => new AppError('BAD_REQUEST', RESUME_REFUSED, { code: RESUME_REFUSED });
const FORGOT_PASSWORD_ANSWER =
  'If an account with a verified e-mail or mobile exists for this name, we sent it a code.';

export function createAccountsService(db: Database, options: AccountsOptions) {
  // Growing delays, never an account lock, and none that made-up names can turn on a crowd: see
  // LoginThrottle. changePassword shares it, so a stolen session cannot brute-force the current
  // password either.
  const throttle = options.throttle ?? new LoginThrottle();
  const deviceCookies = options.deviceCookies ?? createDeviceCookies(newToken());

  function tooManyAttempts(wait: number) {
    const when = wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    return new AppError('RATE_LIMITED', `Too many login attempts. Try again in ${when}.`, undefined, wait);
  }

  /** The code was right: the contact is proven and the one-time password goes there. */
  async function proveContact(user: repo.UserRow, subjectId: string | null) {
    const password = generatePassword();
    const passwordHash = hashGeneratedPassword(password);
    await db.transaction(async (tx) => {
      // A registration that waited for this e-mail: the unproven account becomes the applicant.
      if (subjectId) await options.applyPendingApplication?.(tx, user.id, subjectId);
      await repo.updateUser(tx, user.id, {
        contactVerifiedAt: new Date(),
        passwordHash,
        mustChangePassword: true,
        passwordExpiresAt: new Date(Date.now() + ONE_TIME_PASSWORD_VALID_DAYS * DAY_MS),
      });
    });
    const delivery = await deliverOneTimePassword(options.messaging, user, password);
    return { sentTo: delivery.where };
  }

  async function toProfile(user: repo.UserRow): Promise<Profile> {
    const [shops, latest, granted] = await Promise.all([
      repo.shopsOfUsers(db, [user.id]),
      repo.latestDecision(db, user.id),
      user.role === 'TEAM' ? repo.grantedRightsOf(db, user.id) : [],
    ]);
    const kind = applicantKindOf({ ...user, hasShop: shops.length > 0 });
    return {
      _id: user.id,
      name: user.ownerName,
      email: user.email,
      // Sent only by GET /users/me, never with the session: a login answer carries no mobile.
      mobile: null,
      role: user.role,
      isActive: user.isActive,
      isBrand: user.isBrand,
      mustChangePassword: user.mustChangePassword,
      shops: shops.map((s) => ({ _id: s.id, name: s.name })),
      kind,
      approval: approvalOf(user.role, kind, latest),
      rights: rightsHeld(user.role, granted),
      language: user.language,
    };
  }

  async function startSession(userId: string) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + options.sessionTtlDays * 24 * 60 * 60 * 1000);
    await repo.insertSession(db, { userId, tokenHash: hashToken(token), expiresAt });
    return token;
  }

  return {
    /**
     * Known and unknown names take the same steps (a dummy hash for the unknown) and get the same
     * answers; only a correct password for a real account differs.
     */
    async login(input: LoginRequest, client: { ip: string; deviceCookie?: string }) {
      const user = await repo.findUserByLogin(db, input.userName);
      const device = user && deviceCookies.deviceOf(client.deviceCookie, user.id);
      const attempt: LoginAttempt = {
        // One counter per account whether the e-mail or the mobile is typed; unknown names by the name.
        accountKey: user?.id ?? `name:${input.userName.trim().toLowerCase()}`,
        known: !!user,
        ip: client.ip,
        ...(device ? { trustedClient: `device:${device}` } : {}),
      };
      const verdict = await throttle.check(attempt);
      if (verdict.waitSeconds > 0) throw tooManyAttempts(verdict.waitSeconds);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      // An unverified registrant holds a random password nobody was told. The one exception is a
      // visitor account (a review, query or order without an account), whose one-time password was
      // sent to its contact: knowing it proves the contact, so the first login verifies it.
      const provedByMessage =
        !!user && ok && !user.contactVerifiedAt && user.mustChangePassword && !!user.passwordExpiresAt;
      if (!user || !ok || (!user.contactVerifiedAt && !provedByMessage)) {
        await throttle.fail(attempt);
        if (verdict.wrongPasswordWaitSeconds > 0) throw tooManyAttempts(verdict.wrongPasswordWaitSeconds);
        throw new AppError('UNAUTHENTICATED', 'Invalid e-mail or password');
      }
      await throttle.succeed(attempt);
      if (provedByMessage) await repo.updateUser(db, user.id, { contactVerifiedAt: new Date() });
      if (user.mustChangePassword && user.passwordExpiresAt && user.passwordExpiresAt <= new Date()) {
        throw new AppError(
          'UNAUTHENTICATED',
          `Your one-time password has expired after ${ONE_TIME_PASSWORD_VALID_DAYS} days. Use "Forgot password?" to get a new one.`,
        );
      }
      const token = await startSession(user.id);
      return {
        session: { _id: user.id, token, profile: await toProfile(user) },
        deviceCookie: deviceCookies.issue(user.id, client.deviceCookie),
      };
    },

    async logout(user: AuthUser) {
      await repo.revokeSession(db, user.sessionId);
    },

    async me(user: AuthUser) {
      const row = await repo.findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in again');
      // The account's own contact, for its forms (issue 22); asked for with the session only.
      return { ...(await toProfile(row)), mobile: row.mobile };
    },

    /** The person's language for the API's messages and for their e-mails and SMS (issue 26). */
    async savePreferences(user: AuthUser, input: PreferencesRequest) {
      await repo.updateUser(db, user.id, { language: input.language });
      return this.me(user);
    },

    /** Also ends every other session, so a leaked one-time password stops working everywhere. */
    async changePassword(user: AuthUser, input: ChangePasswordRequest, ip: string) {
      // Counted per session: its holder is proven beyond the address, and a thief of the session
      // gets the same few guesses from every address.
      const attempt: LoginAttempt = {
        accountKey: user.id,
        known: true,
        ip,
        trustedClient: `session:${user.sessionId}`,
      };
      const { waitSeconds } = await throttle.check(attempt);
      if (waitSeconds > 0) throw tooManyAttempts(waitSeconds);
      const row = await repo.findUserById(db, user.id);
      if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        await throttle.fail(attempt);
        throw new AppError('BAD_REQUEST', 'Current password is wrong', {
          currentPassword: 'Current password is wrong',
        });
      }
      if (row.mustChangePassword && row.passwordExpiresAt && row.passwordExpiresAt <= new Date()) {
        throw new AppError(
          'UNAUTHENTICATED',
          `Your one-time password has expired after ${ONE_TIME_PASSWORD_VALID_DAYS} days. Use "Forgot password?" to get a new one.`,
        );
      }
      if (input.currentPassword === input.newPassword) {
        throw new AppError('BAD_REQUEST', 'Choose a password different from the current one', {
          newPassword: 'Choose a password different from the current one',
        });
      }
      await repo.updateUser(db, user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
        passwordExpiresAt: null,
      });
      await throttle.succeed(attempt);
      await repo.revokeOtherSessions(db, user.id, user.sessionId);
    },

    /**
     * The registrant proves the e-mail (or mobile) with the code; then, and only then, the
     * one-time password is generated and sent to the same contact. The answer says where, never what.
     */
    async verifyContact(input: VerifyContactRequest) {
      const user = await repo.findUserById(db, input._id);
      if (!user) throw codeRefused('dead');
      if (user.contactVerifiedAt) {
        throw new AppError('CONFLICT', 'This account is already verified. Log in with the password we sent.');
      }
      const { result, subjectId } = await options.codes.check(user.id, 'verify-contact', input.code);
      if (result !== 'ok') throw codeRefused(result);
      return proveContact(user, subjectId);
    },

    /**
     * The same step from /login, by e-mail or mobile. Every refusal reads the same, so a made-up
     * code tells nobody whether an application waits for this contact.
     */
    async verifyContactByLogin(input: VerifyContactByLoginRequest) {
      const user = await repo.findUserByLogin(db, input.userName);
      if (!user || user.contactVerifiedAt) throw resumeRefused();
      const { result, subjectId } = await options.codes.check(user.id, 'verify-contact', input.code);
      if (result !== 'ok') throw resumeRefused();
      return proveContact(user, subjectId);
    },

    /**
     * A new code for an applicant who left before entering theirs, asked from /login. The answer is
     * the same whether or not such an application exists (or its codes are used up).
     */
    async resumeVerification(input: ResumeVerificationRequest) {
      const user = await repo.findUserByLogin(db, input.userName);
      if (user && !user.contactVerifiedAt) {
        const pending = await repo.latestPendingApplication(db, user.id);
        // Visitors' accounts (decision 020) are unproven too, but nobody applied with them.
        if (pending || typeof user.details.kind === 'string') {
          try {
            await options.codes.send(user, 'verify-contact', { subjectId: pending?.id });
          } catch (error) {
            if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
          }
        }
      }
      return RESUME_VERIFICATION_ANSWER;
    },

    /** A fresh code for a registrant whose code expired or was not received. */
    async resendContactCode(userId: string) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'No application with this id');
      if (user.contactVerifiedAt) {
        throw new AppError('CONFLICT', 'This account is already verified. Log in with the password we sent.');
      }
      const pending = await repo.latestPendingApplication(db, user.id);
      const delivery = await options.codes.send(user, 'verify-contact', { subjectId: pending?.id });
      return { sentTo: delivery.where };
    },

    /** The same answer whether or not the account exists, so the form reveals nothing. */
    async forgotPassword(input: ForgotPasswordRequest) {
      const user = await repo.findUserByLogin(db, input.userName);
      if (user?.contactVerifiedAt) {
        try {
          await options.codes.send(user, 'reset-password');
        } catch (error) {
          // Out of codes for the hour: answering differently would tell that the account exists.
          if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
        }
      }
      return FORGOT_PASSWORD_ANSWER;
    },

    /** A code from the verified contact sets a new password and ends every session of the account. */
    async resetPassword(input: ResetPasswordRequest) {
      const user = await repo.findUserByLogin(db, input.userName);
      if (!user?.contactVerifiedAt) throw codeRefused('dead');
      const { result } = await options.codes.check(user.id, 'reset-password', input.code);
      if (result !== 'ok') throw codeRefused(result);
      await repo.updateUser(db, user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
        passwordExpiresAt: null,
      });
      await repo.revokeAllSessions(db, user.id);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
