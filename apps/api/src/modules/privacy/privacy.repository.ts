import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ConsentPurpose, DeletionSummary } from '@app/domain';
import type { Database } from '../../db/client.js';
import { MESSAGE_ONLY_EVENTS } from '../../lib/domain-events.js';
import {
  domainEvents,
  consentRecords,
  contactClaims,
  deletionRequests,
  gstinRequests,
  influencerProfiles,
  legalEntityMembers,
  media,
  notificationOptOuts,
  orders,
  outboxMessages,
  pendingApplications,
  posts,
  verifiedPurchases,
  postVotes,
  reviewReplyEdits,
  products,
  queries,
  reachouts,
  recruiterApplications,
  rewardEntries,
  sessions,
  settlementEntries,
  shops,
  skillResponses,
  taxDocuments,
  teamRights,
  users,
  verificationCodes,
  savedAddresses,
} from '../../db/schema/index.js';

export function insertConsent(
  db: Database,
  row: {
    userId: string;
    purpose: ConsentPurpose;
    subjectId: string | null;
    textVersion: string | null;
    adultConfirmed: boolean | null;
  },
) {
  return db.insert(consentRecords).values(row);
}

/** The live account of an e-mail or a 10-digit mobile, as a contribution form named it. */
export function findAccountByContact(db: Database, contact: string) {
  const where = /^\d{10}$/.test(contact) ? eq(users.mobile, contact) : eq(users.email, contact);
  return db
    .select({ id: users.id, email: users.email, mobile: users.mobile, role: users.role })
    .from(users)
    .where(and(where, isNull(users.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export function findAccount(db: Database, userId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      name: users.ownerName,
      role: users.role,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      isBrand: users.isBrand,
      affiliateCode: users.affiliateCode,
      contactVerifiedAt: users.contactVerifiedAt,
      details: users.details,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]);
}

// ---------------------------------------------------------------------------------------------
// What an export holds.

export function consentsOf(db: Database, userId: string) {
  return db
    .select({
      purpose: consentRecords.purpose,
      subjectId: consentRecords.subjectId,
      textVersion: consentRecords.textVersion,
      adultConfirmed: consentRecords.adultConfirmed,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(consentRecords.createdAt);
}

export function shopsOf(db: Database, userId: string) {
  return db.select().from(shops).where(eq(shops.userId, userId));
}

export function profileOf(db: Database, userId: string) {
  return db
    .select()
    .from(influencerProfiles)
    .where(eq(influencerProfiles.userId, userId))
    .then((r) => r[0] ?? null);
}

export function postsOf(db: Database, userId: string) {
  return db
    .select({
      id: posts.id,
      kind: posts.kind,
      type: posts.type,
      title: posts.title,
      description: posts.description,
      media: posts.media,
      invoice: posts.invoice,
      links: posts.links,
      products: posts.products,
      hashtags: posts.hashtags,
      categories: posts.categories,
      locations: posts.locations,
      isPrivate: posts.isPrivate,
      awaitingConfirmation: posts.awaitingConfirmation,
      moderationState: posts.moderationState,
      // What others added to it (issue 41): votes, the business's reply, the asker's acceptance, labels.
      helpfulVotes: posts.helpfulVotes,
      reply: posts.reply,
      acceptedAt: posts.acceptedAt,
      labels: posts.labels,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(eq(posts.authorId, userId))
    .orderBy(posts.createdAt);
}

/** The posts the account found helpful (issue 41). */
export function votesOf(db: Database, userId: string) {
  return db
    .select({ postId: postVotes.postId, createdAt: postVotes.createdAt })
    .from(postVotes)
    .where(eq(postVotes.userId, userId))
    .orderBy(postVotes.createdAt);
}

/** Every reply text the account wrote under reviews of its business, edits included (issue 41). */
export function repliesOf(db: Database, userId: string) {
  return db
    .select({
      postId: reviewReplyEdits.postId,
      text: reviewReplyEdits.text,
      createdAt: reviewReplyEdits.createdAt,
    })
    .from(reviewReplyEdits)
    .where(eq(reviewReplyEdits.userId, userId))
    .orderBy(reviewReplyEdits.createdAt);
}

/** The account's orders that verify its reviews, and which review each verified (issue 41). */
export function verifiedPurchasesOf(db: Database, userId: string) {
  return db
    .select({
      orderId: verifiedPurchases.orderId,
      productId: verifiedPurchases.productId,
      orderedOn: verifiedPurchases.orderedOn,
      postId: verifiedPurchases.postId,
    })
    .from(verifiedPurchases)
    .where(eq(verifiedPurchases.buyerUserId, userId))
    .orderBy(verifiedPurchases.orderedOn);
}

export function queriesOf(db: Database, userId: string) {
  return db
    .select({
      id: queries.id,
      text: queries.text,
      scope: queries.scope,
      scopeUserId: queries.scopeUserId,
      awaitingConfirmation: queries.awaitingConfirmation,
      createdAt: queries.createdAt,
    })
    .from(queries)
    .where(eq(queries.askerId, userId))
    .orderBy(queries.createdAt);
}

/** The account's purchases with the address it gave; sales leave the buyers' contact out. */
export function purchasesOf(db: Database, userId: string) {
  return db
    .select({
      id: orders.id,
      productId: orders.productId,
      productName: products.prdctName,
      sellerUserId: orders.sellerUserId,
      quantity: orders.quantity,
      amount: orders.amount,
      paymentMethod: orders.paymentMethod,
      paymentState: orders.paymentState,
      fulfilment: orders.fulfilment,
      address: orders.address,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.buyerUserId, userId))
    .orderBy(orders.createdAt);
}

export function salesOf(db: Database, userId: string) {
  return db
    .select({
      id: orders.id,
      productId: orders.productId,
      quantity: orders.quantity,
      amount: orders.amount,
      paymentState: orders.paymentState,
      fulfilment: orders.fulfilment,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.sellerUserId, userId))
    .orderBy(orders.createdAt);
}

/** Tax documents of the account's purchases and sales, as issued. */
export function taxDocumentsOf(db: Database, userId: string) {
  return db
    .select({
      id: taxDocuments.id,
      orderId: taxDocuments.orderId,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      totalPaise: taxDocuments.totalPaise,
      issuedAt: taxDocuments.issuedAt,
      snapshot: taxDocuments.snapshot,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(or(eq(orders.buyerUserId, userId), eq(taxDocuments.sellerUserId, userId)))
    .orderBy(taxDocuments.issuedAt);
}

export function optOutsOf(db: Database, userId: string) {
  return db
    .select({ topic: notificationOptOuts.topic, since: notificationOptOuts.createdAt })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
}

/** Stored files the account uploaded or its posts hold (a visitor's uploads carry no uploader). */
export function filesOf(db: Database, userId: string, urls: string[]) {
  return db
    .select({ id: media.id, key: media.key, url: media.url, mime: media.mime, name: media.originalName })
    .from(media)
    .where(
      urls.length ? or(eq(media.uploadedBy, userId), inArray(media.url, urls)) : eq(media.uploadedBy, userId),
    )
    .orderBy(media.createdAt);
}

// ---------------------------------------------------------------------------------------------
// What stands in the way of a deletion.

/**
 * Orders still under way: awaiting payment with stock held, paid (or accepted for cash) and not
 * delivered nor cancelled, or money still to go back to the buyer.
 */
const openOrder = sql`(
  (${orders.paymentState} in ('CREATED', 'COD_PENDING') and ${orders.stockHeld})
  or (${orders.paymentState} in ('PAID', 'NOT_REQUIRED', 'PARTIALLY_REFUNDED', 'COD_ACCEPTED')
      and ${orders.fulfilment} <> 'DELIVERED' and ${orders.cancelledAt} is null)
  or ${orders.paymentState} in ('REFUND_PENDING', 'REFUND_DUE')
)`;

export function openOrdersOf(db: Database, userId: string) {
  return db
    .select({
      id: orders.id,
      asSeller: sql<boolean>`${orders.sellerUserId} = ${userId}`,
      paymentState: orders.paymentState,
      fulfilment: orders.fulfilment,
    })
    .from(orders)
    .where(and(or(eq(orders.sellerUserId, userId), eq(orders.buyerUserId, userId)), openOrder))
    .orderBy(orders.createdAt);
}

/**
 * What the platform owes the seller, and the referral rewards still due, in paise. One statement
 * after the other: the deletion reads them in its transaction, on one connection, where node-postgres
 * would have to queue a second statement sent before the first answered (deprecated in pg 9).
 */
export async function balancesOf(db: Database, userId: string) {
  const settlement = await db
    .select({ sum: sql<number>`coalesce(sum(${settlementEntries.amountPaise}), 0)::int` })
    .from(settlementEntries)
    .where(eq(settlementEntries.sellerUserId, userId));
  const reward = await db
    .select({ sum: sql<number>`coalesce(sum(${rewardEntries.amountPaise}), 0)::int` })
    .from(rewardEntries)
    .where(eq(rewardEntries.userId, userId));
  return { settlementPaise: settlement[0]?.sum ?? 0, rewardPaise: reward[0]?.sum ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Deletion: every write runs in the caller's transaction.

export function lockAccount(tx: Database, userId: string) {
  return tx
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .then((r) => r[0]);
}

/** Removes the account's posts; returns the files they held. Mentions and reports go with them. */
export function deletePostsOf(tx: Database, userId: string) {
  return tx
    .delete(posts)
    .where(eq(posts.authorId, userId))
    .returning({ media: posts.media, invoice: posts.invoice });
}

/**
 * Keeps the posts without their author: no account, no name, no purchase invoices (which carry the
 * buyer's name). Posts still waiting for the account's confirmation were never published: removed.
 */
export async function anonymisePostsOf(tx: Database, userId: string) {
  const held = await tx
    .delete(posts)
    .where(and(eq(posts.authorId, userId), eq(posts.awaitingConfirmation, true)))
    .returning({ media: posts.media, invoice: posts.invoice });
  const kept = await tx
    .update(posts)
    .set({
      authorId: null,
      authorName: '',
      invoice: [],
      // The verified mark and the stars stay, frozen (issue 41); the order's day goes, its month stays.
      products: sql`(select coalesce(jsonb_agg(case when p ? 'orderedOn'
          then jsonb_set(p, '{orderedOn}', to_jsonb(left(p->>'orderedOn', 7))) else p end order by n), '[]'::jsonb)
        from jsonb_array_elements(${posts.products}) with ordinality as e(p, n))`,
    })
    .where(eq(posts.authorId, userId))
    .returning({ id: posts.id });
  return { held, kept: kept.length };
}

/**
 * Drops the links from the account's orders to the reviews they verified (issue 41): the marks stay
 * frozen on the posts, and no later refund or order of a deleted account changes them.
 */
export function forgetVerifiedPurchasesOf(tx: Database, userId: string) {
  return tx.delete(verifiedPurchases).where(eq(verifiedPurchases.buyerUserId, userId));
}

/** The account's helpful votes lose their rows; the posts keep their counts (issue 41). */
export function forgetVotesOf(tx: Database, userId: string) {
  return tx.delete(postVotes).where(eq(postVotes.userId, userId));
}

/** The invoices of posts before anonymising them (their files are deleted). */
export function postInvoicesOf(tx: Database, userId: string) {
  return tx.select({ invoice: posts.invoice }).from(posts).where(eq(posts.authorId, userId));
}

export async function deleteQueriesOf(tx: Database, userId: string) {
  return (await tx.delete(queries).where(eq(queries.askerId, userId)).returning({ id: queries.id })).length;
}

export async function anonymiseQueriesOf(tx: Database, userId: string) {
  await tx.delete(queries).where(and(eq(queries.askerId, userId), eq(queries.awaitingConfirmation, true)));
  return (
    await tx
      .update(queries)
      .set({ askerId: null, askerName: '' })
      .where(eq(queries.askerId, userId))
      .returning({ id: queries.id })
  ).length;
}

/**
 * Orders stay (sellers' books, tax documents and ledgers point at them) with the buyer's name,
 * contact and street removed; the state and PIN code stay, as they decide the tax of the supply.
 */
export async function scrubOrdersOf(tx: Database, userId: string) {
  const scrubbed = await tx
    .update(orders)
    .set({
      address: sql`jsonb_build_object(
        'firstName', '', 'lastName', '', 'email', '', 'mobile', '', 'houseNo', '', 'street', '',
        'landmark', '', 'city', ${orders.address}->>'city', 'state', ${orders.address}->>'state',
        'country', ${orders.address}->>'country', 'pinCode', ${orders.address}->>'pinCode'
      )`,
      clientIp: null,
      clientDevice: null,
    })
    .where(eq(orders.buyerUserId, userId))
    .returning({ id: orders.id });
  await tx.update(orders).set({ referrerContact: null }).where(eq(orders.referrerUserId, userId));
  return scrubbed.length;
}

export async function countTaxDocumentsOf(tx: Database, userId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(or(eq(orders.buyerUserId, userId), eq(taxDocuments.sellerUserId, userId)));
  return row?.n ?? 0;
}

/** Media rows of these URLs, deleted; the caller removes the stored files after the commit. */
export async function deleteMediaByUrl(tx: Database, urls: string[]) {
  if (!urls.length) return [];
  return tx.delete(media).where(inArray(media.url, urls)).returning({ key: media.key });
}

/**
 * Everything else that names the person: sessions end, the profile, shop, codes, claims, messages
 * to the contact and preferences go; products leave sale; the row keeps only what others point at.
 */
/**
 * Deletes the facts of messages sent to the account and of its responses (their words and the
 * contact it shared): before its posts go, as a response's post may be one of them.
 */
export async function forgetMessagesOf(tx: Database, userId: string) {
  await tx.delete(domainEvents).where(
    and(
      inArray(domainEvents.type, [...MESSAGE_ONLY_EVENTS]),
      or(
        sql`${domainEvents.payload}->>'recipientUserId' = ${userId}`,
        inArray(
          sql`${domainEvents.payload}->>'responseId'`,
          tx
            .select({ id: skillResponses.id })
            .from(skillResponses)
            .where(eq(skillResponses.responderUserId, userId)),
        ),
        // A note the person sent a creator with "Reach out", from the e-mail of their account.
        sql`${domainEvents.payload}->>'replyTo' = (select ${users.email} from ${users} where ${users.id} = ${userId})`,
      ),
    ),
  );
  // Order facts stay (ledgers and tax documents need them), but not the checkout's contact and
  // address they carry for messages not sent yet; a message never goes to a deleted account.
  await tx
    .update(domainEvents)
    .set({ payload: sql`${domainEvents.payload} - 'checkout'` })
    .where(
      and(
        sql`${domainEvents.payload}->>'recipientUserId' = ${userId}`,
        sql`${domainEvents.payload} ? 'checkout'`,
      ),
    );
}

export async function eraseAccount(
  tx: Database,
  userId: string,
  contact: { email: string; mobile: string | null },
) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(influencerProfiles).where(eq(influencerProfiles.userId, userId));
  await tx.delete(shops).where(eq(shops.userId, userId));
  // The GSTINs the seller gave and their place in a legal entity go with the store (decision 069).
  await tx.delete(gstinRequests).where(eq(gstinRequests.sellerUserId, userId));
  await tx.delete(legalEntityMembers).where(eq(legalEntityMembers.sellerUserId, userId));
  await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
  await tx.update(products).set({ isActive: false }).where(eq(products.userId, userId));
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
  await tx.delete(contactClaims).where(eq(contactClaims.userId, userId));
  await tx.delete(pendingApplications).where(eq(pendingApplications.userId, userId));
  await tx.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
  await tx.delete(teamRights).where(eq(teamRights.userId, userId));
  await tx
    .delete(reachouts)
    .where(or(eq(reachouts.influencerId, userId), eq(reachouts.senderEmail, contact.email)));
  await tx.delete(recruiterApplications).where(eq(recruiterApplications.userId, userId));
  await tx
    .delete(skillResponses)
    .where(or(eq(skillResponses.responderUserId, userId), eq(skillResponses.recipientUserId, userId)));
  const recipients = contact.mobile ? [contact.email, contact.mobile] : [contact.email];
  await tx.delete(outboxMessages).where(inArray(outboxMessages.recipient, recipients));
  await tx.update(media).set({ uploadedBy: null }).where(eq(media.uploadedBy, userId));
  await tx
    .update(users)
    .set({
      email: `deleted-${userId.toLowerCase()}@deleted.invalid`,
      mobile: null,
      ownerName: 'Deleted account',
      isActive: false,
      // No password matches this: the account can never be logged in to again.
      passwordHash: '!deleted-account',
      mustChangePassword: false,
      passwordExpiresAt: null,
      affiliateCode: '',
      details: {},
      deletedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function insertDeletionRequest(
  db: Database,
  row: typeof deletionRequests.$inferInsert & { summary?: DeletionSummary | null },
) {
  await db.insert(deletionRequests).values(row);
}

export function listDeletionRequests(db: Database, limit: number) {
  return db.select().from(deletionRequests).orderBy(desc(deletionRequests.requestedAt)).limit(limit);
}
