import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  addressHoldLimits,
  canMoveFulfilment,
  canSupply,
  codAcceptBy,
  COD_MESSAGES,
  hasTeamRight,
  BUSINESS_MESSAGES,
  ORDER_MESSAGES,
  ORDER_SOURCE_TERMS,
  orderIdTailOf,
  PAYMENT_WINDOW_MINUTES,
  priceOrder,
  referrerReward,
  thankYouPath,
  UNPAID_HOLD_LIMITS,
  type AdminOrdersQuery,
  type Confirmation,
  type HoldLimits,
  type Language,
  type OrderSource,
  type OrderView,
  type ParsedOrderRequest,
  type SellerOrderView,
  type SellerOrdersQuery,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { countOrderPlaced, countWebhookRefused } from '../../lib/metrics.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  PaymentProviderError,
  WebhookRejected,
  type PaymentProvider,
  type ProviderOrder,
  type WebhookRequest,
} from '../../providers/payments/payment-provider.js';
import { UNUSABLE_PASSWORD_HASH } from '../posts/visitor-account.js';
import { newId } from '../../lib/ids.js';
import { openClaim, type ClaimsContext } from '../contributions/contributions.service.js';
import * as repo from './orders.repository.js';
import { lookUpContactByMobile, type ContactKind } from './contact-lookup.js';
import { viewsWithRefunds } from './order-refund-views.js';
import { refundablePaise } from './refund-order.js';
import { choosePayment, markPaidOnDelivery } from './cash-on-delivery.js';
import { recordConsent } from '../privacy/consents.js';
import { refuseDispatchWithoutAddress, resolveDeliveryAddress } from './delivery-address.js';
import { chooseReferrer, referrerViewOf } from './referrals.js';

/** Where the one-time password of an account made for an anonymous buyer goes. */
export type DeliverBuyerPassword = (account: {
  userId: string;
  email: string;
  mobile: string;
  name: string;
}) => Promise<string | null>;

export interface OrdersDeps {
  provider: PaymentProvider;
  /**
   * Files anonymous orders made with an existing account's contact for its holder's code. Without
   * it (a bare service in a test) such an order still stays out of the account's "My orders".
   */
  claims?: ClaimsContext | undefined;
  log: FastifyBaseLogger;
  deliverPassword?: DeliverBuyerPassword | undefined;
  now?: () => number;
  /** An unpaid order is asked about at the provider at most this often when its status is read. */
  pollIntervalMs?: number;
  /** What one address or account may hold unpaid at once (UNPAID_HOLD_LIMITS unless set). */
  holdLimits?: HoldLimits;
}

export interface PlaceOrder {
  source: OrderSource;
  actor: AuthUser | null;
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

export function toView(row: Omit<repo.OrderListRow, 'referrerName'>): OrderView {
  const o = row.order;
  return {
    _id: o.id,
    productId: o.productId,
    productName: row.productName,
    brand: row.brand,
    model: row.model,
    size: row.size,
    image: row.media.find((m) => m.type === 'IMAGE')?.url ?? '',
    channel: o.channel,
    sample: o.sample,
    quantity: o.quantity,
    unitPrice: o.unitPrice,
    amount: o.amount,
    currency: 'INR',
    paymentState: o.paymentState,
    fulfilment: o.fulfilment,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt ? o.paidAt.toISOString() : null,
    holdExpiresAt:
      o.stockHeld && o.holdExpiresAt && repo.AWAITING_PAYMENT.includes(o.paymentState)
        ? o.holdExpiresAt.toISOString()
        : null,
    paymentMethod: o.paymentMethod,
    deliveryCharge: o.deliveryCharge,
    codAcceptBy: o.paymentState === 'COD_PENDING' && o.holdExpiresAt ? o.holdExpiresAt.toISOString() : null,
    courier: o.courier,
    trackingNumber: o.trackingNumber,
    addressNeeded: o.addressNeeded,
  };
}

export function toSellerView(row: repo.OrderListRow): SellerOrderView {
  return {
    ...toView(row),
    address: row.order.address,
    buyerName: row.buyerName,
    referrer: referrerViewOf(row),
  };
}

/**
 * When the provider cannot be reached to close an ended hold's session, the hold is released
 * anyway this long after it ended: sellers are promised a bounded hold, and a payment that still
 * arrives takes the late-payment path (settlePayment).
 */
const OVERDUE_GRACE_MINUTES = 5;

/**
 * Refuses an order beyond what its placer (device and signed-in account at a person's caps, address
 * at a crowd's) may hold unpaid: 429 at the number of orders, which frees up as they are paid or
 * end; 409 on the quantity of one product.
 */
export function refuseBeyondHoldLimits(
  hold: repo.OrderHold,
  held: {
    orders: number | null;
    units: number | null;
    addressOrders?: number | null;
    addressUnits?: number | null;
    codWaitingUnits?: number | null;
  },
  quantity: number,
) {
  // The seller's limit on cash-on-delivery units waiting for them (issue 40), whoever placed them.
  if (
    hold.codMaxWaitingUnits !== undefined &&
    (held.codWaitingUnits ?? 0) + quantity > hold.codMaxWaitingUnits
  ) {
    throw new AppError('CONFLICT', COD_MESSAGES.waitingUnits, { paymentMethod: COD_MESSAGES.waitingUnits });
  }
  const { placedBy, limits, addressLimits } = hold;
  if (!placedBy.clientIp && !placedBy.deviceId && !placedBy.userId) return;
  if ((held.orders ?? 0) >= limits.orders || (held.addressOrders ?? 0) >= addressLimits.orders) {
    // Every unpaid order's hold ends within the payment window, freeing its place.
    throw new AppError('RATE_LIMITED', ORDER_MESSAGES.tooManyUnpaid, undefined, PAYMENT_WINDOW_MINUTES * 60);
  }
  if (!hold.capUnits) return;
  const over = (count: number | null | undefined, cap: number) => (count ?? 0) + quantity > cap;
  const cap = over(held.units, limits.unitsPerProduct)
    ? limits.unitsPerProduct
    : over(held.addressUnits, addressLimits.unitsPerProduct)
      ? addressLimits.unitsPerProduct
      : null;
  if (cap !== null) {
    const message = ORDER_MESSAGES.tooManyUnitsUnpaid(cap);
    throw new AppError('CONFLICT', message, { quantity: message });
  }
}

/** Who an order is for; `account`: the account to make for a guest's contact, with the order. */
interface Buyer {
  id: string;
  held: boolean;
  account?: typeof users.$inferInsert & { email: string; mobile: string };
}

export function createOrdersService(db: Database, deps: OrdersDeps) {
  const { provider, log } = deps;
  const now = deps.now ?? Date.now;
  const pollIntervalMs = deps.pollIntervalMs ?? 3000;
  const holdLimits = deps.holdLimits ?? UNPAID_HOLD_LIMITS;
  const lastPolled = new Map<string, number>();

  /** Files an order made with an existing account's contact for that account's confirmation. */
  async function claimOrder(userId: string, orderId: string, ip: string | undefined) {
    const holder = await repo.findUserContact(db, userId);
    if (!holder || !deps.claims) return undefined;
    return openClaim(deps.claims, { holder, kind: 'order', subjectId: orderId, ip });
  }

  async function view(id: string) {
    const row = await repo.orderWithProduct(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Order not found');
    return row;
  }

  /**
   * The buyer: the signed-in user, a user the admin names, or an account to make for the address.
   * Nothing is written here: an account to make is made with the order (writeOrder), so a refused
   * order leaves none behind. `knownId`: the account of the address's contact, read with the product.
   */
  async function chooseBuyer(
    actor: AuthUser | null,
    body: ParsedOrderRequest,
    knownId: string | null,
    language: Language,
    business: { business: boolean; proven: string | null },
  ): Promise<Buyer> {
    if (body.user) {
      if (actor?.role !== 'ADMIN')
        throw new AppError('FORBIDDEN', 'Only the admin can order for another user');
      const user = await repo.findUserRole(db, body.user);
      if (!user) throw new AppError('NOT_FOUND', 'Buyer not found', { user: 'Buyer not found' });
      return { id: user.id, held: false };
    }
    if (actor) return { id: actor.id, held: false };
    if (business.business) {
      // A business buyer is a seller (decision 056): the one whose number was proven by its code,
      // else the account of the order's contact, whose order waits for the code sent to it.
      const id = business.proven ?? knownId;
      const seller = id ? await repo.findUserRole(db, id) : undefined;
      if (seller?.role === 'USER') throw new AppError('FORBIDDEN', ORDER_MESSAGES.sellerNotActivated);
      if (seller?.role !== 'SELLER') throw new AppError('FORBIDDEN', BUSINESS_MESSAGES.forSellers);
      return { id: seller.id, held: !business.proven };
    }
    // The contact of an existing account: the order goes to payment at once, but joins that
    // account's "My orders" only after the code sent to the account (issue 20).
    if (knownId) return { id: knownId, held: true };
    const a = body.address;
    return {
      id: newId(),
      held: false,
      account: {
        email: a.email.toLowerCase(),
        mobile: a.mobile,
        ownerName: `${a.firstName} ${a.lastName}`,
        role: 'END_USER',
        isActive: true,
        language,
        // No password until the one-time password sent to the buyer's contact is used.
        passwordHash: UNUSABLE_PASSWORD_HASH,
        mustChangePassword: true,
        details: {
          kind: 'buyer',
          additionalInfo: [
            {
              address: [
                {
                  address: `${a.houseNo}, ${a.street}, ${a.landmark}`,
                  city: a.city,
                  state: a.state,
                  country: a.country,
                  pinCode: a.pinCode,
                },
              ],
            },
          ],
        },
      },
    };
  }

  /**
   * Writes one order in one transaction: the buyer's account when one is to be made, the order
   * taking its stock, a guest's consent and the order.placed event commit together or not at all.
   * Nobody had the contact when the product was read; a concurrent order with the same contact may
   * have made the account meanwhile, and then the order is that account's, held for its code.
   * A signed-in buyer's online order is the one statement that takes the stock (its buyer and
   * seller are told when it is paid): the busiest order path stays one write.
   */
  async function writeOrder(
    buyer: Buyer,
    pricedWith: repo.PricedProductRow,
    quantity: number,
    values: repo.OrderValues,
    hold: repo.OrderHold | undefined,
    consent: ParsedOrderRequest['consent'] | false,
  ) {
    const placedEvent = !repo.AWAITING_PAYMENT.includes(values.paymentState);
    if (!buyer.account && consent === false && !placedEvent) {
      const row = await repo.insertOrderTakingStock(db, pricedWith, quantity, values, hold);
      return { row, buyer: { id: buyer.id, held: buyer.held, created: false } };
    }
    return db.transaction(async (tx) => {
      let { id, held } = buyer;
      let created = false;
      if (buyer.account) {
        const made = await repo.insertBuyerIfAbsent(tx, { ...buyer.account, id });
        if (made) created = true;
        else {
          const found = await repo.findUserByEmailOrMobile(tx, buyer.account.email, buyer.account.mobile);
          const existing = found.find((u) => u.email === buyer.account?.email) ?? found[0];
          if (!existing)
            throw new AppError('CONFLICT', 'Could not create the buyer account, please try again');
          id = existing.id;
          held = true;
        }
      }
      const row = await repo.insertOrderTakingStock(
        tx,
        pricedWith,
        quantity,
        { ...values, buyerUserId: id, buyerConfirmed: !held },
        hold,
      );
      // A guest buyer's consent goes with each order (decision 040); an account's went with its sign-up.
      if (consent !== false) await recordConsent(tx, id, 'order', row.id, consent);
      if (placedEvent) await repo.recordOrderPlaced(tx, row);
      return { row, buyer: { id, held, created } };
    });
  }

  type SessionFor = Pick<
    repo.OrderRow,
    'id' | 'amount' | 'buyerUserId' | 'address' | 'channel' | 'productId' | 'mentionInfId' | 'mentionPostId'
  >;

  /**
   * The provider's order for ours (the same one again on a retry: our id is its order_id); its
   * session ends when our stock hold does.
   */
  async function providerSession(order: SessionFor, origin: string, expiresAt: Date): Promise<string> {
    try {
      const { paymentSessionId } = await provider.createOrder({
        orderId: order.id,
        amount: order.amount,
        customer: {
          id: order.buyerUserId,
          name: `${order.address.firstName} ${order.address.lastName}`,
          email: order.address.email,
          phone: order.address.mobile,
        },
        returnUrl: `${origin}${thankYouPath(order)}`,
        notifyUrl: `${origin}/api/payments/webhook`,
        idempotencyKey: `order-${order.id}`,
        expiresAt,
      });
      return paymentSessionId;
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        log.warn(
          { orderId: order.id, providerStatus: error.httpStatus },
          `payment provider: ${error.message}`,
        );
        throw new AppError('UNAVAILABLE', error.message);
      }
      throw error;
    }
  }

  async function openPayment(order: repo.OrderRow, origin: string): Promise<string> {
    if (order.paymentSessionId) return order.paymentSessionId;
    const expiresAt =
      order.holdExpiresAt ?? new Date(order.createdAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
    const paymentSessionId = await providerSession(order, origin, expiresAt);
    await repo.setPaymentSession(db, order.id, provider.name, paymentSessionId);
    return paymentSessionId;
  }

  /**
   * Brings our order in line with the provider's: only a provider answer changes a payment state,
   * and "paid" needs the provider's order PAID for exactly our amount in rupees. A closed order
   * (its hold released) is still asked about, for a payment that arrives late.
   */
  async function reconcile(orderId: string): Promise<void> {
    const order = await repo.findOrderById(db, orderId);
    if (!order || order.provider !== provider.name || !repo.AWAITING_PAYMENT.includes(order.paymentState))
      return;
    lastPolled.set(orderId, now());
    const remote = await provider.getOrder(orderId);
    if (remote.status === 'PAID') {
      await settle(order, remote);
      return;
    }
    if (!order.stockHeld) return;
    if (remote.status !== 'ACTIVE') {
      await repo.releaseHold(db, orderId);
      return;
    }
    const attempts = await recordPayments(orderId);
    const latest = attempts.at(-1);
    if (latest?.status === 'FAILED') await repo.markAttemptOutcome(db, orderId, 'FAILED');
    // The buyer left the payment: the hold ends now, and so does the session (decision 019).
    else if (latest && ['USER_DROPPED', 'CANCELLED'].includes(latest.status)) await endHold(orderId);
  }

  /** reconcile(), with the provider's failure answered 503, so that the provider retries. */
  async function reconcileOrUnavailable(orderId: string) {
    try {
      await reconcile(orderId);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
  }

  async function settle(order: repo.OrderRow, remote: ProviderOrder) {
    if (remote.amount !== order.amount || remote.currency !== 'INR') {
      log.error(
        { orderId: order.id, ours: order.amount, theirs: remote.amount, currency: remote.currency },
        'provider reports a paid amount that is not ours; order left unpaid',
      );
      return;
    }
    await recordPayments(order.id);
    const outcome = await repo.settlePayment(db, order.id, new Date(now()));
    if (outcome === 'REFUND_DUE') {
      log.warn(
        { orderId: order.id, amount: order.amount },
        'paid after its stock hold ended and the stock is gone: marked REFUND_DUE',
      );
    }
  }

  /**
   * Ends an unpaid order's hold: its session is closed at the provider first, so no new attempt
   * can start, then its stock goes back on sale. A payment that got there first is settled instead.
   */
  async function endHold(orderId: string): Promise<void> {
    const status = await provider.closeOrder(orderId);
    if (status === 'PAID') await reconcile(orderId);
    else await repo.releaseHold(db, orderId);
  }

  async function recordPayments(orderId: string) {
    const attempts = await provider.getPayments(orderId);
    for (const p of attempts) {
      await repo.upsertPayment(db, {
        orderId,
        provider: provider.name,
        cfPaymentId: p.cfPaymentId,
        status: p.status,
        amount: String(p.amount),
      });
    }
    return attempts;
  }

  /**
   * The same key again: the same order, never a second one; another request with it is refused. A
   * function of the closure, not a method: `this` breaks when the service is destructured.
   */
  async function replayOrder(
    earlier: repo.OrderRow,
    requestHash: string,
    origin: string,
  ): Promise<PlacedOrder> {
    if (earlier.requestHash !== requestHash) {
      throw new AppError('CONFLICT', 'This idempotency key was used for a different order');
    }
    const pays = earlier.paymentState !== 'NOT_REQUIRED' && earlier.paymentMethod === 'ONLINE';
    const paymentSessionId =
      pays && earlier.paymentState !== 'PAID' ? await openPayment(earlier, origin) : undefined;
    return {
      created: false,
      order: toView(await view(earlier.id)),
      accountCreated: false,
      passwordSentTo: null,
      ...(paymentSessionId ? { paymentSessionId } : {}),
    };
  }

  return {
    provider,

    async placeOrder(input: PlaceOrder): Promise<PlacedOrder> {
      const { source, actor, body } = input;
      const terms = ORDER_SOURCE_TERMS[source];
      // Access first: who may call which of the five.
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
      const proven = !actor && terms.channel === 'b2b' ? (input.provenBusinessBuyerId ?? null) : null;
      if (body.sample && actor?.role !== 'ADMIN') {
        throw new AppError('FORBIDDEN', 'Only the admin can place a sample order');
      }
      if (terms.needsPost && (!body.mentionInfId || !body.mentionPostId)) {
        throw new AppError('BAD_REQUEST', 'This order needs the review post it came from', {
          mentionPostId: 'Required',
        });
      }

      const requestHash = createHash('sha256')
        .update(JSON.stringify([source, actor?.id ?? proven, body]))
        .digest('base64url');
      // An anonymous buyer is known by the address's contact; whoever is signed in, by the session.
      const anonymous = !actor && !body.user;
      // What is held unpaid counts against the address and the signed-in account, never against a
      // contact typed into the form: anyone could type someone else's and use up their share.
      const placedBy: repo.Placer = {
        clientIp: input.clientIp ?? null,
        deviceId: input.clientDevice ?? null,
        userId: actor?.id ?? proven,
      };
      const context = await repo.findOrderContext(db, {
        productId: body.productId,
        idempotencyKey: input.idempotencyKey,
        ...(anonymous ? { email: body.address.email.toLowerCase(), mobile: body.address.mobile } : {}),
        referrerMobile: body.referrercontactNum,
        linkReferrerId: body.influencerDetails?._id,
        placedBy,
      });
      if (context?.earlierOrderId) {
        const earlier = await repo.findOrderById(db, context.earlierOrderId);
        if (earlier) return replayOrder(earlier, requestHash, input.origin);
      }
      const product = context;
      if (!product || !product.isActive) {
        throw new AppError('NOT_FOUND', 'Product not found', { productId: 'Product not found' });
      }
      const early = priceOrder(product, body.quantity, { channel: terms.channel, sample: body.sample });
      if ('field' in early)
        throw new AppError('BAD_REQUEST', early.message, { [early.field]: early.message });

      // The total includes the store's delivery charge; cash on delivery needs the store's and the
      // buyer's say-so (decision 032). Checked before an account is made for an anonymous buyer.
      const payment = await choosePayment(db, {
        terms: product,
        subtotal: early.amount,
        sample: body.sample ?? false,
        method: body.paymentMethod ?? 'ONLINE',
        actor,
        orderFor: body.user,
        channel: terms.channel,
        pays: terms.pay,
        quantity: early.quantity,
      });
      const buyer = await chooseBuyer(actor, body, product.contactUserId, input.language ?? 'en', {
        business: !actor && terms.channel === 'b2b',
        proven,
      });
      // A contact validated at checkout, else a current /refer link (decision 055).
      const referrer = chooseReferrer(body, product, now());

      // Sold out already, or the placer holds its share unpaid: refuse before asking the provider
      // for a payment session. The statement that takes the stock checks both again, atomically.
      if (!canSupply(product, early.quantity)) {
        throw new AppError('CONFLICT', ORDER_MESSAGES.outOfStock, { quantity: ORDER_MESSAGES.outOfStock });
      }
      const hold: repo.OrderHold | undefined = terms.pay
        ? {
            // A cash-on-delivery order holds its stock until its seller accepts it.
            expiresAt:
              payment.method === 'COD'
                ? codAcceptBy(new Date(now()), payment.terms.codAcceptHours)
                : new Date(now() + PAYMENT_WINDOW_MINUTES * 60_000),
            placedBy,
            limits: holdLimits,
            addressLimits: addressHoldLimits(holdLimits),
            capUnits: terms.channel === 'b2c',
            codMaxWaitingUnits: payment.method === 'COD' ? payment.terms.codMaxWaitingUnits : undefined,
          }
        : undefined;
      const held = {
        orders: product.heldOrders,
        units: product.heldUnits,
        addressOrders: product.heldAddressOrders,
        addressUnits: product.heldAddressUnits,
        codWaitingUnits: product.codWaitingUnits,
      };
      if (hold) refuseBeyondHoldLimits(hold, held, early.quantity);
      // The provider's order is made first, with our id and the amount just computed, so the order
      // row is written once, session included, in the transaction that takes the stock. If the
      // stock is gone meanwhile, that provider order is never paid and expires.
      const orderId = newId();
      // The spec's "NA" from an existing client becomes a saved address, or "address needed".
      const address = await resolveDeliveryAddress(db, {
        actor,
        buyerId: buyer.id,
        productOwnerId: product.userId,
        address: body.address,
      });
      const paymentSessionId =
        hold && payment.method === 'ONLINE'
          ? await providerSession(
              {
                id: orderId,
                amount: payment.total,
                buyerUserId: buyer.id,
                address,
                channel: terms.channel,
                productId: body.productId,
                mentionInfId: body.mentionInfId ?? null,
                mentionPostId: body.mentionPostId ?? null,
              },
              input.origin,
              hold.expiresAt,
            )
          : undefined;

      const values: repo.OrderValues = {
        id: orderId,
        provider: paymentSessionId ? provider.name : null,
        paymentSessionId: paymentSessionId ?? null,
        buyerUserId: buyer.id,
        source,
        channel: terms.channel,
        sample: body.sample ?? false,
        unitPrice: early.unitPrice,
        amount: payment.total,
        address,
        paymentState: !terms.pay ? 'NOT_REQUIRED' : payment.method === 'COD' ? 'COD_PENDING' : 'CREATED',
        paymentMethod: payment.method,
        deliveryCharge: payment.deliveryCharge,
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash,
        referrerUserId: referrer?.id ?? null,
        referrerContact: referrer?.via === 'contact' ? (body.referrercontactNum ?? null) : null,
        referralVia: referrer?.via ?? null,
        referrerReward: referrer ? referrerReward(early.amount, referrer.id === buyer.id) : 0,
        mentionInfId: body.mentionInfId ?? null,
        mentionPostId: body.mentionPostId ?? null,
        bookingCode: body.bookingCode ?? null,
        // A GSTIN makes the tax invoice B2B: only a business order carries one.
        buyerGstin: terms.channel === 'b2b' ? (body.gstin ?? null) : null,
        placedByUserId: actor?.id ?? null,
        buyerConfirmed: !buyer.held,
      };
      let written: Awaited<ReturnType<typeof writeOrder>> | undefined;
      // The stock is taken only from a product still priced as read; when it was refused, read
      // again to tell "sold out" from "the price changed", and retry once the price is the same.
      for (let pricedWith: repo.PricedProductRow = product, attempt = 0; !written; attempt++) {
        try {
          written = await writeOrder(
            buyer,
            pricedWith,
            early.quantity,
            values,
            hold,
            // A business buyer is a seller: their account's consent stands.
            anonymous && terms.channel === 'b2c' ? body.consent : false,
          );
        } catch (error) {
          if (error instanceof repo.DuplicateIdempotencyKey && input.idempotencyKey) {
            const earlier = await repo.findOrderByIdempotencyKey(db, input.idempotencyKey);
            if (earlier) return replayOrder(earlier, requestHash, input.origin);
          }
          if (!(error instanceof repo.StockRefused)) throw error;
          // Refused by a cap (a concurrent order of the same placer got there first) or by the stock.
          if (hold) {
            refuseBeyondHoldLimits(hold, await repo.findHeld(db, placedBy, body.productId), early.quantity);
          }
          const current = await repo.findPricedProduct(db, body.productId);
          if (!current?.isActive || !canSupply(current, early.quantity) || attempt >= 2) {
            throw new AppError('CONFLICT', ORDER_MESSAGES.outOfStock, {
              quantity: ORDER_MESSAGES.outOfStock,
            });
          }
          const again = priceOrder(current, body.quantity, { channel: terms.channel, sample: body.sample });
          if ('field' in again || again.amount !== early.amount || again.quantity !== early.quantity) {
            throw new AppError('CONFLICT', 'The price changed just now; please review it and order again');
          }
          pricedWith = current;
        }
      }

      const { row, buyer: placedFor } = written;
      countOrderPlaced(terms.channel, payment.method);

      let passwordSentTo: string | null = null;
      if (placedFor.created && deps.deliverPassword) {
        const a = body.address;
        passwordSentTo = await deps.deliverPassword({
          userId: placedFor.id,
          email: a.email.toLowerCase(),
          mobile: a.mobile,
          name: `${a.firstName} ${a.lastName}`,
        });
      }
      const confirmation = placedFor.held
        ? await claimOrder(placedFor.id, row.id, input.clientIp)
        : undefined;
      return {
        created: true,
        confirmation,
        // The product was read above; its name and picture do not need another query.
        order: toView({ order: row, buyerName: '', ...product }),
        accountCreated: placedFor.created,
        passwordSentTo,
        linkVersion: row.linkVersion,
        ...(paymentSessionId ? { paymentSessionId } : {}),
      };
    },

    /**
     * Ends the holds whose time ran out: each session is closed at the provider (a payment that got
     * there first, its webhook lost, is settled instead) and the stock goes back on sale. When the
     * provider cannot be reached, the hold is released anyway OVERDUE_GRACE_MINUTES after it ended.
     * Runs every minute (app.ts); answers how many holds it looked at.
     */
    async reconcileOverdue(limit = 100): Promise<number> {
      const at = now();
      const ended = await repo.findEndedHolds(db, provider.name, new Date(at), limit);
      for (const { id, holdExpiresAt } of ended) {
        try {
          await endHold(id);
        } catch (error) {
          const overdue = (holdExpiresAt?.getTime() ?? 0) < at - OVERDUE_GRACE_MINUTES * 60_000;
          log.warn(
            { orderId: id, err: error, released: overdue },
            'closing an ended payment session failed; tried again next minute',
          );
          if (overdue) await repo.releaseHold(db, id);
        }
      }
      await repo.deleteEmptyHolds(db);
      return ended.length;
    },

    /**
     * A signed notification from the provider. It is only a trigger: the state comes from the
     * provider's own answer (reconcile). Forged and stale ones are refused and logged.
     */
    async handleWebhook(request: WebhookRequest): Promise<'processed' | 'duplicate' | 'ignored'> {
      let event;
      try {
        event = provider.verifyWebhook(request);
      } catch (error) {
        if (error instanceof WebhookRejected) {
          log.warn({ reason: error.reason }, 'payment webhook rejected');
          countWebhookRefused('payment', error.reason);
          // 400, not 401: the caller has no session to fix; the provider only needs a non-2xx.
          throw new AppError('BAD_REQUEST', 'Webhook signature is not valid');
        }
        throw error;
      }
      const order = await repo.findOrderById(db, event.orderId);
      if (!order) {
        log.warn({ orderId: event.orderId }, 'payment webhook for an unknown order');
        return 'ignored';
      }
      const first = await repo.recordWebhookOnce(db, {
        provider: provider.name,
        cfPaymentId: event.cfPaymentId,
        eventType: event.type,
        orderId: event.orderId,
      });
      if (!first) {
        // The process that recorded this webhook may have died before settling it (a SIGKILL
        // between the two; crash-safety.test.ts), and this is the provider's retry: settle now if
        // the order still waits. reconcile() returns at once for a settled order.
        if (repo.AWAITING_PAYMENT.includes(order.paymentState)) await reconcileOrUnavailable(event.orderId);
        return 'duplicate';
      }
      try {
        await reconcile(event.orderId);
      } catch (error) {
        // Not processed: forget it, so the provider's retry of this webhook is not a duplicate.
        await repo.forgetWebhook(db, provider.name, event.cfPaymentId, event.type);
        if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
        throw error;
      }
      return 'processed';
    },

    reconcile,

    /** An order's state by its id (an unguessable capability); an open one is checked at the provider. */
    async orderStatus(orderId: string): Promise<OrderView> {
      const order = await repo.findOrderById(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const open = order.provider && ['CREATED', 'FAILED', 'CANCELLED'].includes(order.paymentState);
      if (open && now() - (lastPolled.get(orderId) ?? 0) >= pollIntervalMs) {
        try {
          await reconcile(orderId);
        } catch (error) {
          log.warn({ orderId, err: (error as Error).message }, 'payment status poll failed');
        }
      }
      return (await viewsWithRefunds(db, [await view(orderId)], toView))[0]!;
    },

    /** Opens the hosted checkout again for an order that is not paid yet. */
    async retryPayment(orderId: string, origin: string) {
      const order = await repo.findOrderById(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      if (order.paymentState === 'PAID' || order.paymentState === 'REFUND_DUE')
        throw new AppError('CONFLICT', 'This order is already paid');
      if (order.paymentState === 'NOT_REQUIRED')
        throw new AppError('CONFLICT', 'This order needs no payment');
      if (order.paymentMethod === 'COD')
        throw new AppError('CONFLICT', 'This order is paid in cash on delivery');
      // A hold past its time is closed by the next sweep; until then it takes no new attempt either.
      const ended = !order.holdExpiresAt || order.holdExpiresAt.getTime() <= now();
      if (!order.stockHeld || ended) {
        throw new AppError('CONFLICT', 'This order was closed and its stock released; please order again');
      }
      return { paymentSessionId: await openPayment(order, origin) };
    },

    async buyerOrders(actor: AuthUser): Promise<OrderView[]> {
      return viewsWithRefunds(db, await repo.ordersOfBuyer(db, actor.id), toView);
    },

    async sellerOrders(actor: AuthUser, filter: SellerOrdersQuery = {}): Promise<SellerOrderView[]> {
      if (actor.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller has orders to fulfil');
      const rows = await repo.ordersOfSeller(db, actor.id, {
        state: filter.state,
        idTail: filter.number ? orderIdTailOf(filter.number) : undefined,
      });
      return viewsWithRefunds(db, rows, toSellerView);
    },

    async moveFulfilment(
      actor: AuthUser,
      orderId: string,
      to: 'DISPATCHED' | 'DELIVERED',
      shipment: { courier: string; trackingNumber: string } = { courier: '', trackingNumber: '' },
    ) {
      const order = await repo.findOrderById(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      if (actor.role !== 'ADMIN' && order.sellerUserId !== actor.id) {
        throw new AppError('FORBIDDEN', 'This order is not for your products');
      }
      refuseDispatchWithoutAddress(order, to);
      // Wholesale prices followed a seller's number nobody has proven yet: the goods wait for it.
      if (to === 'DISPATCHED' && order.channel === 'b2b' && !order.buyerConfirmed) {
        throw new AppError('CONFLICT', BUSINESS_MESSAGES.unconfirmedBuyer);
      }
      // Delivering a cash-on-delivery order is taking its cash: "Paid on delivery".
      if (order.paymentMethod === 'COD' && to === 'DELIVERED')
        return markPaidOnDelivery({ db, now, log }, actor, orderId);
      const refunds = { cancelled: !!order.cancelledAt, refundablePaise: await refundablePaise(db, order) };
      if (!canMoveFulfilment(order.paymentState, order.fulfilment, to, refunds)) {
        throw new AppError(
          'CONFLICT',
          `An order that is ${order.paymentState.toLowerCase()} and ${order.fulfilment.toLowerCase()} cannot become ${to.toLowerCase()}`,
        );
      }
      const moved = await repo.updateFulfilment(db, orderId, order.fulfilment, to, shipment);
      if (moved.length === 0)
        throw new AppError('CONFLICT', 'The order changed meanwhile; reload and try again');
      return (await viewsWithRefunds(db, [await view(orderId)], toSellerView))[0]!;
    },

    async adminOrders(actor: AuthUser, filter: AdminOrdersQuery): Promise<SellerOrderView[]> {
      // The admin and team members with the see-orders right view orders (decision 028); only the
      // admin places them without payment.
      if (!hasTeamRight(actor, 'see-orders')) throw new AppError('FORBIDDEN', 'You are not authorized!');
      const to = filter.to ? new Date(`${filter.to}T00:00:00Z`) : undefined;
      if (to) to.setUTCDate(to.getUTCDate() + 1);
      const rows = await repo.allOrders(db, {
        paymentState: filter.paymentState,
        fulfilment: filter.fulfilment,
        idTail: filter.number ? orderIdTailOf(filter.number) : undefined,
        ...(filter.from ? { from: new Date(`${filter.from}T00:00:00Z`) } : {}),
        ...(to ? { to } : {}),
      });
      return viewsWithRefunds(db, rows, toSellerView);
    },

    lookupByMobile: (viewer: AuthUser | null, query: { mobile: string; kind: ContactKind }) =>
      lookUpContactByMobile(db, viewer, query),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
