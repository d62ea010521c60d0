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
const HOUR_MS = 60 * 60 * 1000;

/**
 * Caps on messages, so nobody can flood an account holder by sending forms with their contact:
 * per contact over every purpose a day, fewer for contribution confirmations (anyone can trigger
 * those), and per client address over every account. A carrier NAT shares an address, so that cap
 * is wider; a person who hits a cap can still sign in to publish what waits.
 */
export const CODE_CAPS = {
  perContactDay: 10,
  confirmationsPerContactHour: 3,
  perAddressHour: 10,
  perAddressDay: 30,
} as const;

const TEXTS: Record<repo.CodePurpose, (code: string) => { subject: string; text: string }> = {
  'verify-contact': (code) => ({
    subject: 'Your Revuhub verification code',
    text:
      `Your Revuhub verification code is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If you did not apply on Revuhub, ignore this message: nothing happens without the code.',
  }),
  'confirm-contribution': (code) => ({
    subject: 'Confirm your post on Revuhub',
    text:
      `Someone used your contact to post on Revuhub without signing in. Your code to publish it under ` +
      `your name is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If it was not you, ignore this message: nothing is published under your name without the code, ' +
      'and it is deleted after 7 days.',
  }),
  'reset-password': (code) => ({
    subject: 'Your Revuhub password reset code',
    text:
      `Your code to choose a new Revuhub password is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If you did not ask for it, ignore this message: your password stays as it is.',
  }),
  'privacy-request': (code) => ({
    subject: 'Your Revuhub code to download or delete your data',
    text:
      `Your code to download or delete what Revuhub holds under this contact is ${code}. ` +
      `It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If you did not ask for it, ignore this message: nothing is shown or deleted without the code.',
  }),
  'prove-business-buyer': (code) => ({
    subject: 'Your Revuhub code for wholesale prices',
    text:
      `Your code to order at wholesale prices with this seller account is ${code}. ` +
      `It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If you did not ask for it, ignore this message: nobody orders as your store without the code.',
  }),
};

/** The same messages for an account that chose Hindi (issue 26). */
const HINDI_TEXTS: Record<repo.CodePurpose, (code: string) => { subject: string; text: string }> = {
  'verify-contact': (code) => ({
    subject: 'आपका Revuhub सत्यापन कोड',
    text:
      `आपका Revuhub सत्यापन कोड ${code} है। यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर आपने Revuhub पर आवेदन नहीं किया है, तो इस संदेश को अनदेखा करें: कोड के बिना कुछ नहीं होगा।',
  }),
  'confirm-contribution': (code) => ({
    subject: 'Revuhub पर अपनी पोस्ट की पुष्टि करें',
    text:
      `किसी ने साइन इन किए बिना आपके संपर्क से Revuhub पर पोस्ट की है। इसे आपके नाम से प्रकाशित करने ` +
      `का कोड ${code} है। यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर यह आप नहीं थे, तो इस संदेश को अनदेखा करें: कोड के बिना आपके नाम से कुछ प्रकाशित नहीं होगा, ' +
      'और पोस्ट 7 दिन बाद मिटा दी जाएगी।',
  }),
  'reset-password': (code) => ({
    subject: 'आपका Revuhub पासवर्ड बदलने का कोड',
    text:
      `नया Revuhub पासवर्ड चुनने के लिए आपका कोड ${code} है। यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर आपने यह कोड नहीं माँगा था, तो इस संदेश को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
  }),
  'privacy-request': (code) => ({
    subject: 'अपना डेटा डाउनलोड करने या मिटाने के लिए आपका Revuhub कोड',
    text:
      `इस संपर्क से जुड़ी जो जानकारी Revuhub के पास है, उसे डाउनलोड करने या मिटाने के लिए आपका कोड ${code} है। ` +
      `यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर आपने यह कोड नहीं माँगा था, तो इस संदेश को अनदेखा करें: कोड के बिना न कुछ दिखाया जाएगा, न मिटाया जाएगा।',
  }),
  'prove-business-buyer': (code) => ({
    subject: 'थोक दाम के लिए आपका Revuhub कोड',
    text:
      `इस विक्रेता खाते से थोक दाम पर ऑर्डर करने के लिए आपका कोड ${code} है। ` +
      `यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर आपने यह कोड नहीं माँगा था, तो इस संदेश को अनदेखा करें: कोड के बिना कोई आपकी दुकान के नाम से ऑर्डर नहीं कर सकता।',
  }),
};

/** A code's message in English and Hindi. */
export type CodeWording = Record<'en' | 'hi', (code: string) => { subject: string; text: string }>;

function codeHash(id: string, code: string) {
  return hashToken(`${id}:${code}`);
}

export type CodeCheck = 'ok' | 'wrong' | 'dead';

/** Six-digit codes sent to an account's contact; only a hash is stored, with expiry and a try budget. */
export function createContactCodes(db: Database, messaging: MessagingProvider) {
  async function assertWithinCaps(userId: string, purpose: repo.CodePurpose, ip: string | undefined) {
    const now = Date.now();
    const hourAgo = new Date(now - HOUR_MS);
    const dayAgo = new Date(now - 24 * HOUR_MS);
    // The counts cover the last hour or day: Retry-After says when the oldest one leaves at most.
    const tooMany = (message: string, seconds: number) =>
      new AppError('RATE_LIMITED', message, undefined, seconds);
    const thisHour = await repo.countCodesSince(db, userId, purpose, hourAgo);
    if (thisHour >= CODES_PER_HOUR) throw tooMany('Too many codes asked for. Try again in an hour.', 3600);
    if (purpose === 'confirm-contribution' && thisHour >= CODE_CAPS.confirmationsPerContactHour) {
      throw tooMany('Too many codes sent to this contact. Try again in an hour.', 3600);
    }
    if ((await repo.countCodesSince(db, userId, null, dayAgo)) >= CODE_CAPS.perContactDay) {
      throw tooMany('Too many codes sent to this contact today. Try again tomorrow.', 24 * 3600);
    }
    if (ip) {
      const [hour, day] = await Promise.all([
        repo.countCodesFromIpSince(db, ip, hourAgo),
        repo.countCodesFromIpSince(db, ip, dayAgo),
      ]);
      if (hour >= CODE_CAPS.perAddressHour || day >= CODE_CAPS.perAddressDay) {
        throw tooMany(
          'Too many codes asked for from this network. Try again later.',
          day >= CODE_CAPS.perAddressDay ? 24 * 3600 : 3600,
        );
      }
    }
  }

  return {
    async send(
      user: Contact & { id: string },
      purpose: repo.CodePurpose,
      options: {
        subjectId?: string | undefined;
        ip?: string | undefined;
        /** The purpose's own words for one kind of subject (a contribution that is an order). */
        wording?: CodeWording | undefined;
      } = {},
    ): Promise<Delivery> {
      await assertWithinCaps(user.id, purpose, options.ip);
      const code = String(randomInt(0, 10 ** CONTACT_CODE.digits)).padStart(CONTACT_CODE.digits, '0');
      const id = newId();
      await db.transaction(async (tx) => {
        // Each waiting contribution keeps its own code; otherwise only the newest code works.
        const perSubject = purpose === 'confirm-contribution' ? options.subjectId : undefined;
        await repo.retireCodes(tx, user.id, purpose, perSubject);
        await repo.insertCode(tx, {
          id,
          userId: user.id,
          purpose,
          codeHash: codeHash(id, code),
          expiresAt: new Date(Date.now() + CONTACT_CODE.validMinutes * 60 * 1000),
          subjectId: options.subjectId ?? null,
          clientIp: options.ip ?? null,
        });
      });
      const hindi = user.language === 'hi';
      const words = options.wording
        ? (hindi ? options.wording.hi : options.wording.en)(code)
        : (hindi ? HINDI_TEXTS : TEXTS)[purpose](code);
      return deliver(messaging, user, { purpose, ...words });
    },

    /**
     * 'dead' when there is no live code: never sent, expired, used, or out of tries. With a subject,
     * only a code sent for that subject counts; `subjectId` says what the code was sent for.
     */
    async check(
      userId: string,
      purpose: repo.CodePurpose,
      code: string,
      subjectId?: string,
    ): Promise<{ result: CodeCheck; subjectId: string | null }> {
      const live = await repo.spendCodeTry(db, userId, purpose, CONTACT_CODE.maxTries, subjectId);
      if (!live) return { result: 'dead', subjectId: null };
      const match = timingSafeEqual(Buffer.from(live.codeHash), Buffer.from(codeHash(live.id, code)));
      if (!match) return { result: 'wrong', subjectId: live.subjectId };
      return { result: (await repo.useCode(db, live.id)) ? 'ok' : 'dead', subjectId: live.subjectId };
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
