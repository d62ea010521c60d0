import { PRIVACY_CODE_ANSWER } from '@app/domain';
import type { Database } from '../../db/client.js';
import { codeRefused, type ContactCodes } from '../accounts/contact-codes.js';
import * as repo from './privacy.repository.js';

/**
 * A visitor who never set a password (an anonymous contributor, a guest buyer) proves the contact
 * the way a password reset does: a code sent to the account's own e-mail (or mobile), never to
 * what was typed. The same answer whether or not the contact is known, so nobody learns who is.
 */
export async function sendPrivacyCode(
  ctx: { db: Database; codes: ContactCodes },
  contact: string,
  ip: string | undefined,
): Promise<string> {
  const account = await repo.findAccountByContact(ctx.db, contact);
  if (account) await ctx.codes.send(account, 'privacy-request', { ip });
  return PRIVACY_CODE_ANSWER;
}

/** The account the code proves, or a refusal worded for the code field. */
export async function accountByPrivacyCode(
  ctx: { db: Database; codes: ContactCodes },
  contact: string,
  code: string,
): Promise<string> {
  const account = await repo.findAccountByContact(ctx.db, contact);
  if (!account) throw codeRefused('dead');
  const { result } = await ctx.codes.check(account.id, 'privacy-request', code);
  if (result !== 'ok') throw codeRefused(result);
  return account.id;
}
