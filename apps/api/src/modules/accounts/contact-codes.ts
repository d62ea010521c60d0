import { randomInt, timingSafeEqual } from 'node:crypto';
import { CONTACT_CODE } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { hashToken } from '../../lib/tokens.js';
import { deliver, type Contact, type Delivery } from '../../providers/messaging/deliver.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import * as repo from './accounts.repository.js';

/** Codes a person may ask for per hour and purpose: with five tries each, at most 25 guesses in 10^6. */
const CODES_PER_HOUR = 5;

const TEXTS: Record<repo.CodePurpose, (code: string) => { subject: string; text: string }> = {
  'verify-contact': (code) => ({
    subject: 'Your Revuhub verification code',
    text:
      `Your Revuhub verification code is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If you did not apply on Revuhub, ignore this message: nothing happens without the code.',
  }),
  'reset-password': (code) => ({
    subject: 'Your Revuhub password reset code',
    text:
      `Your code to choose a new Revuhub password is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If you did not ask for it, ignore this message: your password stays as it is.',
  }),
};

function codeHash(id: string, code: string) {
  return hashToken(`${id}:${code}`);
}

export type CodeCheck = 'ok' | 'wrong' | 'dead';

/** Six-digit codes sent to an account's contact; only a hash is stored, with expiry and a try budget. */
export function createContactCodes(db: Database, messaging: MessagingProvider) {
  return {
    async send(user: Contact & { id: string }, purpose: repo.CodePurpose): Promise<Delivery> {
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
      if ((await repo.countCodesSince(db, user.id, purpose, hourAgo)) >= CODES_PER_HOUR) {
        throw new AppError('RATE_LIMITED', 'Too many codes asked for. Try again in an hour.');
      }
      const code = String(randomInt(0, 10 ** CONTACT_CODE.digits)).padStart(CONTACT_CODE.digits, '0');
      const id = newId();
      await db.transaction(async (tx) => {
        await repo.retireCodes(tx, user.id, purpose);
        await repo.insertCode(tx, {
          id,
          userId: user.id,
          purpose,
          codeHash: codeHash(id, code),
          expiresAt: new Date(Date.now() + CONTACT_CODE.validMinutes * 60 * 1000),
        });
      });
      return deliver(messaging, user, { purpose, ...TEXTS[purpose](code) });
    },

    /** 'dead' when there is no live code: never sent, expired, used, or out of tries. */
    async check(userId: string, purpose: repo.CodePurpose, code: string): Promise<CodeCheck> {
      const live = await repo.spendCodeTry(db, userId, purpose, CONTACT_CODE.maxTries);
      if (!live) return 'dead';
      const match = timingSafeEqual(Buffer.from(live.codeHash), Buffer.from(codeHash(live.id, code)));
      if (!match) return 'wrong';
      return (await repo.useCode(db, live.id)) ? 'ok' : 'dead';
    },
  };
}

export type ContactCodes = ReturnType<typeof createContactCodes>;

/** The one answer for a code that does not work, with the field for the form. */
export function codeRefused(result: Exclude<CodeCheck, 'ok'>): AppError {
  const message =
    result === 'wrong'
      ? 'This code is wrong. Check the message and try again.'
      : 'This code has expired or was tried too often. Ask for a new code.';
  return new AppError('BAD_REQUEST', message, { code: message });
}
