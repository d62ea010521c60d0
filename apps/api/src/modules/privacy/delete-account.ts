import type { FastifyBaseLogger } from 'fastify';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  imageVariantUrl,
  type ContributionChoice,
  type DeletionBlocker,
  type DeletionSummary,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { maskEmail } from '../../providers/messaging/deliver.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import * as repo from './privacy.repository.js';

export interface PrivacyContext {
  db: Database;
  storage: StorageProvider;
  log: FastifyBaseLogger;
}

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(Math.abs(paise) / 100);

/**
 * What must settle before the account can go: orders under way (a buyer's address is still needed,
 * a seller still has to deliver or refund), and money either side still owes (decision 033).
 */
export async function deletionBlockers(
  db: Database,
  user: { id: string; role: string },
): Promise<DeletionBlocker[]> {
  if (user.role === 'ADMIN') {
    return [
      {
        kind: 'admin-account',
        message: 'The admin account runs the platform and cannot be deleted; hand it over to someone first.',
        orderId: null,
      },
    ];
  }
  // One after the other: deleteAccount asks inside its transaction, on one connection.
  const open = await repo.openOrdersOf(db, user.id);
  const balances = await repo.balancesOf(db, user.id);
  const blockers: DeletionBlocker[] = open.map((o) => ({
    kind: o.asSeller ? 'open-sale' : 'open-purchase',
    message: o.asSeller
      ? `Order ${o.id} you sold is not finished (${o.paymentState}, ${o.fulfilment}): deliver, cancel or refund it first.`
      : `Your order ${o.id} is not finished (${o.paymentState}, ${o.fulfilment}): wait for its delivery or refund, or cancel it.`,
    orderId: o.id,
  }));
  if (balances.settlementPaise !== 0) {
    blockers.push({
      kind: 'settlement-balance',
      message:
        balances.settlementPaise > 0
          ? `Your settlement balance is ${rupees(balances.settlementPaise)} owed to you: it must be paid out first.`
          : `Your settlement balance is ${rupees(balances.settlementPaise)} owed to the platform: it must be settled first.`,
      orderId: null,
    });
  }
  if (balances.rewardPaise !== 0) {
    blockers.push({
      kind: 'reward-balance',
      message: `Referral rewards of ${rupees(balances.rewardPaise)} are still due to you: ask for their payout first.`,
      orderId: null,
    });
  }
  return blockers;
}

const filesOfPosts = (rows: { media?: { url: string }[]; invoice: { url: string }[] }[]) =>
  rows.flatMap((r) => [...(r.media ?? []).map((m) => m.url), ...r.invoice.map((i) => i.url)]);

/**
 * Deletes an account in one transaction: posts and queries removed or anonymised as the person
 * chose, orders kept with the contact data taken out, issued tax documents untouched (they are
 * immutable and kept 72 months, CGST Act s.36), sessions ended, the account row emptied of contact
 * data. Refused (409, every reason listed) while something must settle first; each request,
 * carried out or refused, is recorded for the admin.
 */
export async function deleteAccount(
  ctx: PrivacyContext,
  userId: string,
  choice: ContributionChoice,
  via: 'session' | 'code',
): Promise<DeletionSummary> {
  const { db } = ctx;
  const account = await repo.findAccount(db, userId);
  if (!account || account.deletedAt) throw new AppError('NOT_FOUND', 'This account no longer exists');
  const request = {
    userId,
    account: maskEmail(account.email),
    role: account.role,
    via,
    contributions: choice,
  };

  type Outcome = { blockers: DeletionBlocker[] } | { summary: DeletionSummary; keys: string[] };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // One deletion at a time per account, and no order slips in between the check and the erasure.
    await repo.lockAccount(tx, userId);
    const blockers = await deletionBlockers(tx, account);
    if (blockers.length) return { blockers };
    await repo.forgetMessagesOf(tx, userId);
    await repo.forgetVerifiedPurchasesOf(tx, userId);
    await repo.forgetVotesOf(tx, userId);
    let fileUrls: string[];
    let posts: { removed: number; anonymised: number };
    if (choice === 'remove') {
      const removed = await repo.deletePostsOf(tx, userId);
      fileUrls = filesOfPosts(removed);
      posts = { removed: removed.length, anonymised: 0 };
    } else {
      // Purchase invoices name the buyer: their files go, the posts stay without them.
      const invoices = filesOfPosts(await repo.postInvoicesOf(tx, userId));
      const { held, kept } = await repo.anonymisePostsOf(tx, userId);
      fileUrls = [...invoices, ...filesOfPosts(held)];
      posts = { removed: held.length, anonymised: kept };
    }
    const queriesRemoved = choice === 'remove' ? await repo.deleteQueriesOf(tx, userId) : 0;
    const queriesAnonymised = choice === 'anonymise' ? await repo.anonymiseQueriesOf(tx, userId) : 0;
    const ordersKept = await repo.scrubOrdersOf(tx, userId);
    const taxDocumentsKept = await repo.countTaxDocumentsOf(tx, userId);
    const deletedMedia = await repo.deleteMediaByUrl(tx, [...new Set(fileUrls)]);
    await repo.eraseAccount(tx, userId, { email: account.email, mobile: account.mobile });
    const summary: DeletionSummary = {
      postsRemoved: posts.removed,
      postsAnonymised: posts.anonymised,
      queriesRemoved,
      queriesAnonymised,
      ordersKept,
      taxDocumentsKept,
      filesDeleted: deletedMedia.length,
    };
    await repo.insertDeletionRequest(tx, {
      ...request,
      state: 'completed',
      summary,
      completedAt: new Date(),
    });
    return { summary, keys: deletedMedia.map((m) => m.key) };
  });

  if ('blockers' in outcome) {
    const reasons = outcome.blockers.map((b) => b.message);
    await repo.insertDeletionRequest(db, { ...request, state: 'refused', reasons });
    throw new AppError(
      'CONFLICT',
      `Your account cannot be deleted yet. First: ${reasons.join(' ')}`,
      Object.fromEntries(outcome.blockers.map((b, i) => [`blockers.${i}`, b.message])),
    );
  }
  // Files go after the commit: a failed delete leaves an orphan file, never a post without its image.
  // An image's smaller copies go with it (deleting one never made is a no-op).
  const copies = (key: string) =>
    IMAGE_VARIANT_WIDTHS.flatMap((w) => IMAGE_VARIANT_FORMATS.map((f) => imageVariantUrl(key, w, f)));
  for (const key of outcome.keys.flatMap((k) => [k, ...(k.startsWith('images/') ? copies(k) : [])])) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.error({ err: error, key }, 'File of a deleted account not removed from storage');
    });
  }
  return outcome.summary;
}
