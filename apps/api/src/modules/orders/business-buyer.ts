import { createHmac, timingSafeEqual } from 'node:crypto';
import { BUSINESS_PROOF_MINUTES, ORDER_MESSAGES } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { codeRefused, type ContactCodes } from '../accounts/contact-codes.js';
import * as repo from './buyers.repository.js';

/**
 * Business checkout without a session (decision 056). A business buyer is a seller; whoever types
 * a seller's number proves it is theirs with a code sent to that seller's own contact, and gets a
 * signed proof that places business orders as that seller for BUSINESS_PROOF_MINUTES. Without the
 * proof, wholesale prices would follow any seller's number typed by anyone.
 */
export interface BusinessBuyerContext {
  db: Database;
  codes: ContactCodes;
  /** Signs the proofs (the server's signing secret). */
  secret: string;
  now?: () => number;
}

const NO_SELLER = 'No seller account with this number';

/** The activated seller behind a number; the spec's 404 and "Seller Account not activated!!" otherwise. */
async function sellerByMobile(db: Database, mobile: string) {
  const user = await repo.findUserByMobile(db, mobile);
  if (!user || (user.role !== 'USER' && user.role !== 'SELLER')) {
    throw new AppError('NOT_FOUND', NO_SELLER, { mobile: NO_SELLER });
  }
  if (user.role === 'USER') {
    throw new AppError('FORBIDDEN', ORDER_MESSAGES.sellerNotActivated, {
      mobile: ORDER_MESSAGES.sellerNotActivated,
    });
  }
  return user;
}

/** Sends the code to the seller's own contact; answers where it went, masked. */
export async function sendBusinessCode(ctx: BusinessBuyerContext, mobile: string, ip: string | undefined) {
  const seller = await sellerByMobile(ctx.db, mobile);
  const contact = await repo.findUserContact(ctx.db, seller.id);
  if (!contact) throw new AppError('NOT_FOUND', NO_SELLER, { mobile: NO_SELLER });
  const delivery = await ctx.codes.send(contact, 'prove-business-buyer', { ip });
  return delivery.where;
}

/** Checks the code; the proof it answers places business orders as that seller until it expires. */
export async function checkBusinessCode(ctx: BusinessBuyerContext, mobile: string, code: string) {
  const seller = await sellerByMobile(ctx.db, mobile);
  const { result } = await ctx.codes.check(seller.id, 'prove-business-buyer', code);
  if (result !== 'ok') throw codeRefused(result);
  const expiresAt = (ctx.now ?? Date.now)() + BUSINESS_PROOF_MINUTES * 60_000;
  return { proof: signProof(ctx.secret, seller.id, expiresAt), expiresAt: new Date(expiresAt).toISOString() };
}

/** `userId.expiresAtMs.signature` */
export function signProof(secret: string, userId: string, expiresAt: number): string {
  return `${userId}.${expiresAt}.${mac(secret, userId, expiresAt)}`;
}

/** The seller a live, untampered proof names; null for anything else. */
export function provenBusinessBuyer(secret: string, proof: string | undefined, now = Date.now()) {
  if (!proof) return null;
  const [userId = '', expires = '', signature = ''] = proof.split('.');
  const expiresAt = Number(expires);
  if (!userId || !Number.isSafeInteger(expiresAt) || expiresAt <= now) return null;
  const expected = Buffer.from(mac(secret, userId, expiresAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}

function mac(secret: string, userId: string, expiresAt: number) {
  return createHmac('sha256', secret).update(`business-buyer:${userId}:${expiresAt}`).digest('base64url');
}
