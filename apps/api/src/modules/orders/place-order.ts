import { hash } from 'node:crypto';
import {
  BUSINESS_MESSAGES,
  canSupply,
  ORDER_MESSAGES,
  ORDER_SOURCE_TERMS,
  priceOrder,
  type Confirmation,
  type Language,
  type OrderSource,
  type OrderView,
  type ParsedOrderRequest,
} from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser, PendingSession } from '../../plugins/auth.js';
import { chooseBuyer } from './choose-buyer.js';
import { heldOf, holdFor, refuseBeyondHoldLimits, type SourceTerms } from './hold-limits.js';
import { findOrderContext, type OrderContextRow } from './order-context.repository.js';
import type { OrdersContext } from './orders-context.js';
import { findOrderById } from './orders.repository.js';
import { chooseReferrer } from './referrals.js';
import { replayOrder } from './replay-order.js';
import type { Placer } from './stock-holds.repository.js';
import { TermsMayBeStale } from './take-order-stock.js';
import type { PresumedCaller } from './take-stock.repository.js';
import { writePlacedOrder } from './write-placed-order.js';

export interface PlaceOrder {
  source: OrderSource;
  actor: AuthUser | null;
  /** The caller's session left to the order's read (plugins/auth.ts `sessionInRoute`); `actor` is null. */
  pendingSession?: PendingSession | null | undefined;
  body: ParsedOrderRequest;
  idempotencyKey?: string | undefined;
  /** https://host of this site, for the provider's return and notify URLs. */
  origin: string;
  /** The client's address: what it holds unpaid is capped (decision 019), at a crowd's caps. */
  clientIp?: string | undefined;
  /** The browser's buyer-device cookie (issue 40): what it holds unpaid is capped at a person's. */
  clientDevice?: string | undefined;
  /** The language of the request: an account made for the buyer keeps it for its messages (issue 26). */
  language?: Language | undefined;
  /** The seller a business buyer proved their number for (business-buyer.ts), without a session. */
  provenBusinessBuyerId?: string | null | undefined;
}

export interface PlacedOrder {
  created: boolean;
  order: OrderView;
  accountCreated: boolean;
  passwordSentTo: string | null;
  /** Made with an existing account's contact: joins its "My orders" after the code. */
  confirmation?: Confirmation | undefined;
  /** A new order's link version, for the placing device's key (decision 063); none on a replay. */
  linkVersion?: number;
  paymentSessionId?: string;
}

/** Access first: who may call which of the five order calls, and what each needs. */
function refuseUnallowedOrder(terms: SourceTerms, actor: AuthUser | null, body: ParsedOrderRequest) {
  if (!terms.pay && actor?.role !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'Only the admin can place an order without payment');
  }
  // Without a session, a business order is a seller's by its contact (chooseBuyer, decision 056).
  if (terms.channel === 'b2b' && terms.pay && actor) {
    if (actor.role === 'USER') throw new AppError('FORBIDDEN', ORDER_MESSAGES.sellerNotActivated);
    if (actor.role !== 'SELLER' && actor.role !== 'ADMIN') {
      throw new AppError('FORBIDDEN', BUSINESS_MESSAGES.forSellers);
    }
  }
  if (body.sample && actor?.role !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'Only the admin can place a sample order');
  }
  if (terms.needsPost && (!body.mentionInfId || !body.mentionPostId)) {
    throw new AppError('BAD_REQUEST', 'This order needs the review post it came from', {
      mentionPostId: 'Required',
    });
  }
}

/**
 * Places one of the five order calls: every check that can refuse it runs first (access, product,
 * price, payment method, buyer, referrer, stock, what the placer holds unpaid), then the order is
 * written (writePlacedOrder). The same Idempotency-Key again answers the same order (replayOrder).
 * A signed-in buyer's order of a product ordered in the last few seconds goes straight to its one
 * write with what was read then (known-terms.ts), and with the session as last read if it is not
 * remembered (that write checks it); refused there, it is placed the reading way.
 */
export async function placeOrder(ctx: OrdersContext, input: PlaceOrder): Promise<PlacedOrder> {
  const terms = ORDER_SOURCE_TERMS[input.source];
  const firstUse = !input.idempotencyKey || (ctx.knownTerms?.firstUseOf(input.idempotencyKey) ?? true);
  const presumed = presumedCaller(input);
  const caller = input.actor ?? presumed?.carries ?? null;
  const known = firstUse ? knownContext(ctx, input, terms, caller) : undefined;
  if (known) {
    try {
      refuseUnallowedOrder(terms, caller, input.body);
      const placed = await placeChecked(ctx, input, terms, known, caller, { remembered: true, presumed });
      if (presumed) input.pendingSession?.settle(presumed.carries);
      return placed;
    } catch (error) {
      // Refused with what was remembered (the product's terms, or a caller presumed): read, and
      // let what the database holds now decide.
      if (!(error instanceof TermsMayBeStale) && !(presumed && error instanceof AppError)) throw error;
    }
  }
  // A business buyer without a session: the seller who proved their number (business-buyer.ts).
  const provenFor = (signedIn: AuthUser | null) =>
    !signedIn && terms.channel === 'b2b' ? (input.provenBusinessBuyerId ?? null) : null;
  const { context, actor } = await readOrderContext(ctx, input, terms, provenFor(input.actor));
  if (context) ctx.knownTerms?.remember(context);
  return placeChecked(ctx, input, terms, context, actor, { remembered: false, proven: provenFor(actor) });
}

/**
 * The caller of a session the auth hook left to the route, as this process last read it
 * (plugins/auth.ts `presumed`): an order placed with remembered terms may go ahead for it, its
 * write checking that the session still carries exactly that (take-stock.repository.ts).
 */
function presumedCaller(input: PlaceOrder): PresumedCaller | undefined {
  const pending = input.actor ? null : input.pendingSession;
  return pending?.presumed ? { tokenHash: pending.tokenHash, carries: pending.presumed } : undefined;
}

/**
 * The product as recently read, when this order needs nothing else a read tells: a signed-in buyer
 * (the session remembered by the auth hook, or presumed) paying online for themselves, without a
 * referrer.
 */
function knownContext(ctx: OrdersContext, input: PlaceOrder, terms: SourceTerms, actor: AuthUser | null) {
  const { body } = input;
  if (!actor || !terms.pay || body.user || body.sample) return undefined;
  if (body.referrercontactNum || body.influencerDetails?._id) return undefined;
  if ((body.paymentMethod ?? 'ONLINE') !== 'ONLINE') return undefined;
  return ctx.knownTerms?.recall(body.productId);
}

/**
 * Checks and writes an order with its context. `remembered`: the context is a product's remembered
 * terms, so a refusal may be theirs, not the product's: TermsMayBeStale, and the caller reads.
 * `proven`: a business buyer without a session; `presumed`: the caller, for the write to check.
 */
async function placeChecked(
  ctx: OrdersContext,
  input: PlaceOrder,
  terms: SourceTerms,
  context: OrderContextRow | undefined,
  actor: AuthUser | null,
  how: { remembered: boolean; proven?: string | null; presumed?: PresumedCaller | undefined },
): Promise<PlacedOrder> {
  const { body } = input;
  const { remembered, proven = null } = how;
  const refuse = (error: AppError) => {
    throw remembered ? new TermsMayBeStale() : error;
  };
  const requestHash = hash('sha256', JSON.stringify([input.source, actor?.id ?? proven, body]), 'base64url');
  // An anonymous buyer is known by the address's contact; whoever is signed in, by the session.
  const anonymous = !actor && !body.user;
  const placedBy = placerOf(input, actor?.id ?? proven);
  if (context?.earlierOrderId) {
    const earlier = await findOrderById(ctx.db, context.earlierOrderId);
    if (earlier) return replayOrder(ctx, earlier, requestHash, input.origin);
  }
  const product = context;
  if (!product || !product.isActive) {
    return refuse(new AppError('NOT_FOUND', 'Product not found', { productId: 'Product not found' }));
  }
  const price = priceOrder(product, body.quantity, { channel: terms.channel, sample: body.sample });
  if ('field' in price)
    return refuse(new AppError('BAD_REQUEST', price.message, { [price.field]: price.message }));

  // The total includes the store's delivery charge; cash on delivery needs the store's and the
  // buyer's say-so (decision 032). Checked before an account is made for an anonymous buyer.
  const payment = await ctx.cashOnDelivery.choosePayment({
    terms: product,
    subtotal: price.amount,
    sample: body.sample ?? false,
    method: body.paymentMethod ?? 'ONLINE',
    actor,
    orderFor: body.user,
    channel: terms.channel,
    pays: terms.pay,
    quantity: price.quantity,
  });
  const buyer = await chooseBuyer(ctx.db, actor, body, product.contactUserId, input.language ?? 'en', {
    business: !actor && terms.channel === 'b2b',
    proven,
  });
  // A contact validated at checkout, else a current /refer link (decision 055).
  const referrer = chooseReferrer(body, product, ctx.now());

  // Sold out already, or the placer holds its share unpaid: refuse before asking the provider
  // for a payment session. The statement that takes the stock checks both again, atomically.
  if (!canSupply(product, price.quantity)) {
    return refuse(
      new AppError('CONFLICT', ORDER_MESSAGES.outOfStock, { quantity: ORDER_MESSAGES.outOfStock }),
    );
  }
  const hold = holdFor(ctx, terms, payment, placedBy);
  if (hold) refuseBeyondHoldLimits(hold, heldOf(product), price.quantity);
  return writePlacedOrder(ctx, {
    // Who places it, now that a session left to the read is known.
    input: { ...input, actor, pendingSession: null },
    terms,
    product,
    price,
    payment,
    buyer,
    referrer,
    hold,
    placedBy,
    requestHash,
    anonymous,
    remembered,
    presumedCaller: how.presumed,
  });
}

/**
 * The order's one read (findOrderContext), and who places it. A session the auth hook left to this
 * read is read with the product (one round trip fewer), and what the caller may order is checked
 * once it is known; `proven`: the business buyer who proved their number, without a session.
 */
async function readOrderContext(
  ctx: OrdersContext,
  input: PlaceOrder,
  terms: SourceTerms,
  proven: string | null,
) {
  const { body } = input;
  const pending = input.actor ? null : (input.pendingSession ?? null);
  if (!pending) refuseUnallowedOrder(terms, input.actor, body);
  const context = await findOrderContext(ctx.db, {
    productId: body.productId,
    idempotencyKey: input.idempotencyKey,
    // An anonymous buyer is known by the address's contact (read too while the session may be dead).
    ...(!input.actor && !body.user
      ? { email: body.address.email.toLowerCase(), mobile: body.address.mobile }
      : {}),
    referrerMobile: body.referrercontactNum,
    linkReferrerId: body.influencerDetails?._id,
    placedBy: placerOf(input, input.actor?.id ?? proven),
    sessionTokenHash: pending?.tokenHash,
  });
  if (!pending) return { context, actor: input.actor };
  // No product, no row: the session is looked up as the auth hook would have.
  const actor = context
    ? pending.settle(context.caller?.sessionId ? context.caller : null)
    : await pending.resolve();
  refuseUnallowedOrder(terms, actor, body);
  return { context, actor };
}

/**
 * What is held unpaid counts against the address, the browser and the signed-in account, never
 * against a contact typed into the form: anyone could type someone else's and use up their share.
 */
function placerOf(input: PlaceOrder, userId: string | null): Placer {
  return { clientIp: input.clientIp ?? null, deviceId: input.clientDevice ?? null, userId };
}
