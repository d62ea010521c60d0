import {
  CLAIM_KEEP_DAYS,
  CONTACT_CODE,
  claimLine,
  type ClaimView,
  type Confirmation,
  type ConfirmClaimRequest,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { ClaimKind, ClaimPayload, ClaimState, NewTag } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { codeRefused, type CodeWording, type ContactCodes } from '../accounts/contact-codes.js';
import * as repo from './contributions.repository.js';

/** What the contribution functions need: the database and the code sender. */
export interface ClaimsContext {
  db: Database;
  codes: ContactCodes;
  /** Told when a code could not be delivered; the contribution waits all the same. */
  onDeliveryError?: ((error: unknown) => void) | undefined;
}

/**
 * What the modules that own a held contribution do when it is published, in the transaction that
 * publishes it. app.ts passes them in: posts and queries open claims, so contributions imports
 * neither them nor mentions (issue 42, decision 073).
 */
export interface ClaimPublication {
  /** A post answering a question: its asker is told (modules/queries, recordQueryAnswered). */
  postPublished: (tx: Database, postId: string) => Promise<void>;
  /** A question to a business: its owner is told (modules/queries, recordQueryAsked). */
  queryPublished: (tx: Database, queryId: string) => Promise<void>;
  /** An order placed with the holder's contact is theirs: it verifies their reviews (modules/posts). */
  orderConfirmed: (tx: Database, orderId: string) => Promise<void>;
  /** The held tags, stored as any tag and waiting for the tagged profiles' owners (modules/mentions). */
  storeTags: (tx: Database, taggerId: string, tags: NewTag[]) => Promise<unknown>;
}

/** What confirming a contribution needs besides: the owning modules' part of publishing it. */
export interface PublishingContext extends ClaimsContext {
  publication: ClaimPublication;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 50;
const NOT_FOUND = 'This contribution does not exist or was already confirmed or deleted';

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'TEAM';

/** The account holder the code goes to: its own e-mail (and mobile), never what the form said. */
export interface ClaimHolder {
  id: string;
  email: string;
  mobile: string | null;
}

/**
 * Files a contribution that waits for the holder's code and sends the code. When the caps refuse a
 * code, the contribution still waits: the holder can sign in and publish it, or ask again later.
 */
export async function openClaim(
  ctx: ClaimsContext,
  input: {
    holder: ClaimHolder;
    kind: ClaimKind;
    subjectId: string;
    payload?: ClaimPayload;
    ip?: string | undefined;
  },
): Promise<Confirmation> {
  const claim = await repo.insertClaim(ctx.db, {
    userId: input.holder.id,
    kind: input.kind,
    subjectId: input.subjectId,
    payload: input.payload ?? {},
    clientIp: input.ip ?? null,
  });
  const sentTo = await sendClaimCode(ctx, claim, input.holder, input.ip);
  return { _id: claim.id, kind: claim.kind, sentTo, message: claimLine(claim.kind, sentTo) };
}

/**
 * The code for an order placed with the contact without signing in: it adds the order to this
 * contact's orders. It names nothing of the order or of the account (the order's own confirmation
 * went to the contact typed at checkout).
 */
const ORDER_CODE_WORDING: CodeWording = {
  en: (code) => ({
    subject: 'Your code to add an order to your Revuhub orders',
    text:
      `An order was placed on Revuhub with this contact without signing in. Your code to add it to ` +
      `your orders is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'Its confirmation, with its own link, comes in a separate message. ' +
      'If you did not place it, ignore this message: it is not added to your orders without the code.',
  }),
  hi: (code) => ({
    subject: 'किसी ऑर्डर को अपने Revuhub ऑर्डर में जोड़ने का कोड',
    text:
      `इस संपर्क से Revuhub पर साइन इन किए बिना एक ऑर्डर किया गया है। इसे अपने ऑर्डर में जोड़ने का ` +
      `कोड ${code} है। यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'उसकी पुष्टि, उसके अपने लिंक के साथ, अलग संदेश में आती है। ' +
      'अगर यह आपने नहीं किया, तो इस संदेश को अनदेखा करें: कोड के बिना यह आपके ऑर्डर में नहीं जुड़ेगा।',
  }),
};

/**
 * The code for a question or a tag made with the contact without signing in: each message names
 * what it publishes (issue 39: the post's wording said "post" for them too).
 */
const QUESTION_CODE_WORDING: CodeWording = {
  en: (code) => ({
    subject: 'Confirm your question on Revuhub',
    text:
      `Someone used your contact to ask a question on Revuhub without signing in. Your code to publish it ` +
      `under your name is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If it was not you, ignore this message: nothing is published under your name without the code, ' +
      'and it is deleted after 7 days.',
  }),
  hi: (code) => ({
    subject: 'Revuhub पर अपने सवाल की पुष्टि करें',
    text:
      `किसी ने साइन इन किए बिना आपके संपर्क से Revuhub पर सवाल पूछा है। इसे आपके नाम से प्रकाशित करने ` +
      `का कोड ${code} है। यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर यह आप नहीं थे, तो इस संदेश को अनदेखा करें: कोड के बिना आपके नाम से कुछ प्रकाशित नहीं होगा, ' +
      'और सवाल 7 दिन बाद मिटा दिया जाएगा।',
  }),
};
const TAG_CODE_WORDING: CodeWording = {
  en: (code) => ({
    subject: 'Confirm your tag on Revuhub',
    text:
      `Someone used your contact to tag a post on Revuhub without signing in. Your code to make the tag ` +
      `under your name is ${code}. It works for ${CONTACT_CODE.validMinutes} minutes.\n\n` +
      'If it was not you, ignore this message: nothing is tagged under your name without the code, ' +
      'and it is deleted after 7 days.',
  }),
  hi: (code) => ({
    subject: 'Revuhub पर अपने टैग की पुष्टि करें',
    text:
      `किसी ने साइन इन किए बिना आपके संपर्क से Revuhub पर एक पोस्ट टैग की है। यह टैग आपके नाम से करने ` +
      `का कोड ${code} है। यह ${CONTACT_CODE.validMinutes} मिनट तक काम करेगा।\n\n` +
      'अगर यह आप नहीं थे, तो इस संदेश को अनदेखा करें: कोड के बिना आपके नाम से कुछ टैग नहीं होगा, ' +
      'और यह 7 दिन बाद मिटा दिया जाएगा।',
  }),
};

/** Each kind of claim's wording; a post's is the code's own. */
const CLAIM_WORDING: Record<ClaimKind, CodeWording | undefined> = {
  post: undefined,
  query: QUESTION_CODE_WORDING,
  tag: TAG_CODE_WORDING,
  order: ORDER_CODE_WORDING,
};

async function sendClaimCode(
  ctx: ClaimsContext,
  claim: repo.ClaimRow,
  holder: ClaimHolder,
  ip: string | undefined,
): Promise<string | null> {
  try {
    const delivery = await ctx.codes.send(holder, 'confirm-contribution', {
      subjectId: claim.id,
      ip,
      wording: CLAIM_WORDING[claim.kind],
    });
    await repo.setClaimSentTo(ctx.db, claim.id, delivery.where);
    return delivery.where;
  } catch (error) {
    // Past a cap, or the messaging service is down: what was sent is kept and waits; the answer
    // says no code went, and the holder can ask again or sign in to publish it.
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) ctx.onDeliveryError?.(error);
    return null;
  }
}

/** A pending claim, or the one answer for "nothing to confirm" (unknown, done, or deleted). */
async function pendingClaim(db: Database, id: string) {
  const claim = await repo.findClaim(db, id);
  if (!claim || claim.state !== 'pending') throw new AppError('NOT_FOUND', NOT_FOUND);
  return claim;
}

/** The writes a confirmation makes: the held contribution becomes the holder's, in one transaction. */
async function publish(ctx: PublishingContext, claim: repo.ClaimRow, to: ClaimState): Promise<void> {
  const { publication } = ctx;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.moveClaim(tx, claim.id, ['pending'], to))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const { payload } = claim;
    switch (claim.kind) {
      case 'post':
        await repo.publishPost(tx, claim.subjectId, payload.isPrivate ?? false);
        await publication.postPublished(tx, claim.subjectId);
        break;
      case 'query':
        await repo.publishQuery(tx, claim.subjectId);
        await publication.queryPublished(tx, claim.subjectId);
        break;
      case 'order':
        await repo.setOrderBuyerConfirmed(tx, claim.subjectId, true);
        await publication.orderConfirmed(tx, claim.subjectId);
        break;
      case 'tag':
        break;
    }
    // Confirmed tags are stored now, waiting for the tagged profile's owner like any tag (decision 027).
    await publication.storeTags(tx, claim.userId, await repo.aliveMentions(tx, payload.mentions ?? []));
    if (payload.profile) {
      const holder = await repo.findUserContact(tx, claim.userId);
      if (holder) await repo.insertProfileIfAbsent(tx, holder.id, holder.name, payload.profile);
    }
    // The code went to the account's contact: entering it proves that contact.
    await repo.markContactVerified(tx, claim.userId);
  });
}

/** The code from the message publishes the contribution under the holder's name. */
export async function confirmClaim(ctx: PublishingContext, input: ConfirmClaimRequest): Promise<ClaimView> {
  const claim = await pendingClaim(ctx.db, input._id);
  const { result } = await ctx.codes.check(claim.userId, 'confirm-contribution', input.code, claim.id);
  if (result !== 'ok') throw codeRefused(result);
  await publish(ctx, claim, 'confirmed');
  return viewOf(ctx.db, claim.id);
}

/** A fresh code for a waiting contribution, within the same caps. */
export async function resendClaimCode(ctx: ClaimsContext, id: string, ip: string | undefined) {
  const claim = await pendingClaim(ctx.db, id);
  const holder = await repo.findUserContact(ctx.db, claim.userId);
  if (!holder) throw new AppError('NOT_FOUND', NOT_FOUND);
  const sentTo = await sendClaimCode(ctx, claim, holder, ip);
  if (!sentTo) throw new AppError('RATE_LIMITED', claimLine(claim.kind, null), undefined, 3600);
  return { sentTo };
}

/** What waits for the signed-in holder's decision. */
export async function listMyClaims(ctx: ClaimsContext, user: AuthUser): Promise<ClaimView[]> {
  const rows = await repo.listClaims(ctx.db, { state: 'pending', userId: user.id }, PAGE, 0);
  return rows.map(toView);
}

/** Signed in, the holder needs no code: the session proves the account. */
export async function publishMyClaim(ctx: PublishingContext, user: AuthUser, id: string): Promise<ClaimView> {
  const claim = await pendingClaim(ctx.db, id);
  if (claim.userId !== user.id) throw new AppError('NOT_FOUND', NOT_FOUND);
  await publish(ctx, claim, 'confirmed');
  return viewOf(ctx.db, claim.id);
}

/** "It was not me": the held contribution is deleted now rather than in a week. */
export async function discardMyClaim(ctx: ClaimsContext, user: AuthUser, id: string): Promise<void> {
  const claim = await pendingClaim(ctx.db, id);
  if (claim.userId !== user.id) throw new AppError('NOT_FOUND', NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.moveClaim(tx, claim.id, ['pending'], 'removed')))
      throw new AppError('NOT_FOUND', NOT_FOUND);
    await removeSubject(tx, claim);
  });
}

/** What leaves with a refused contribution; an order stays for its seller but not under the account. */
async function removeSubject(db: Database, claim: repo.ClaimRow) {
  switch (claim.kind) {
    case 'post':
      await repo.deletePost(db, claim.subjectId);
      break;
    case 'query':
      await repo.deleteQuery(db, claim.subjectId);
      break;
    case 'order':
      await repo.setOrderBuyerConfirmed(db, claim.subjectId, false);
      break;
    case 'tag':
      if (claim.payload.mentionId) await repo.deleteMention(db, claim.payload.mentionId);
      break;
  }
}

/** The admin's review list: by default the contributions attributed by a contact match before proofs. */
export async function listClaimsForStaff(
  ctx: ClaimsContext,
  user: AuthUser,
  query: { state: ClaimState; page: number },
): Promise<ClaimView[]> {
  if (!isStaff(user)) throw new AppError('FORBIDDEN', 'You are not authorized!');
  const rows = await repo.listClaims(ctx.db, { state: query.state }, PAGE, (query.page - 1) * PAGE);
  return rows.map(toView);
}

/** Keep a legacy attribution, or remove the contribution it attributed. */
export async function decideLegacyClaim(
  ctx: ClaimsContext,
  user: AuthUser,
  input: { _id: string; decision: 'keep' | 'remove' },
): Promise<ClaimView> {
  if (!isStaff(user)) throw new AppError('FORBIDDEN', 'You are not authorized!');
  const claim = await repo.findClaim(ctx.db, input._id);
  if (!claim || claim.state !== 'legacy')
    throw new AppError('NOT_FOUND', 'This contribution was already reviewed');
  await ctx.db.transaction(async (tx) => {
    const to = input.decision === 'keep' ? 'kept' : 'removed';
    if (!(await repo.moveClaim(tx, claim.id, ['legacy'], to))) {
      throw new AppError('NOT_FOUND', 'This contribution was already reviewed');
    }
    if (to === 'removed') await removeSubject(tx, claim);
  });
  return viewOf(ctx.db, claim.id);
}

/** Unconfirmed contributions are deleted after CLAIM_KEEP_DAYS; run by the daily purge. */
export function purgeUnconfirmedClaims(db: Database, now = new Date()) {
  return repo.deleteUnconfirmed(db, new Date(now.getTime() - CLAIM_KEEP_DAYS * DAY_MS));
}

async function viewOf(db: Database, id: string): Promise<ClaimView> {
  const [row] = await repo.listClaims(db, { id }, 1, 0);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toView(row);
}

function toView(row: repo.ClaimListRow): ClaimView {
  const c = row.claim;
  const summary =
    c.kind === 'query'
      ? (row.queryText ?? '')
      : c.kind === 'order'
        ? (row.orderProduct ?? '')
        : (row.postTitle || row.postDescription || '').slice(0, 140);
  const link =
    c.kind === 'post' || c.kind === 'tag'
      ? row.postAuthorId
        ? `/post/${row.postAuthorId}/${c.subjectId}`
        : null
      : c.kind === 'query'
        ? `/addreview/${c.subjectId}`
        : null;
  return {
    _id: c.id,
    kind: c.kind,
    state: c.state,
    subjectId: c.subjectId,
    user: { _id: c.userId, name: row.userName },
    summary,
    link,
    createdAt: c.createdAt.toISOString(),
    decidedAt: c.decidedAt ? c.decidedAt.toISOString() : null,
  };
}
