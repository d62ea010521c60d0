import type {
  DeliveryTerms,
  HoldLimits,
  OrderChannel,
  OrderView,
  PaymentMethod,
  SellerOrderView,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';
import type { ClaimsContext } from '../contributions/contributions.service.js';
import type { KnownTerms } from './known-terms.js';
import type { OrderRow } from './orders.repository.js';

/** Where the one-time password of an account made for an anonymous buyer goes. */
export type DeliverBuyerPassword = (account: {
  userId: string;
  email: string;
  mobile: string;
  name: string;
}) => Promise<string | null>;

/**
 * What the order functions take first (issue 42). The payments, refunds and cash-on-delivery
 * modules build on orders (order-data.ts), so orders imports none of them: what it needs of them is
 * passed in here, as app.ts passes accounts its applyPendingApplication (order-path.ts wires them).
 */
export interface OrdersContext {
  db: Database;
  now: () => number;
  /** What one address or account may hold unpaid at once. */
  holdLimits: HoldLimits;
  /**
   * Files anonymous orders made with an existing account's contact for its holder's code. Without
   * it (a bare context in a test) such an order still stays out of the account's "My orders".
   */
  claims?: ClaimsContext | undefined;
  deliverPassword?: DeliverBuyerPassword | undefined;
  /**
   * The products recently ordered, so a signed-in buyer's order may go straight to its write
   * (known-terms.ts). Without it every order reads first.
   */
  knownTerms?: KnownTerms | undefined;
  payments: OrderPayments;
  cashOnDelivery: OrderCashOnDelivery;
  refunds: OrderRefunds;
}

/** The fields of an order its payment session is opened with. */
export type SessionFor = Pick<
  OrderRow,
  'id' | 'amount' | 'buyerUserId' | 'address' | 'channel' | 'productId' | 'mentionInfId' | 'mentionPostId'
>;

/** What orders need of the payments module (payments/open-payment.ts, payments/poll-payment.ts). */
export interface OrderPayments {
  /** The provider's name, written on an order paid online. */
  provider: PaymentProvider['name'];
  /** The provider's order for one of ours about to be written; its session ends when our hold does. */
  openSession(order: SessionFor, origin: string, expiresAt: Date): Promise<string>;
  /** The session of an order written earlier: its own, else a new one (a replayed order). */
  openPayment(order: OrderRow, origin: string): Promise<string>;
  /** Asks the provider about an open order whose status is read, at most every few seconds. */
  pollPayment(order: OrderRow): Promise<void>;
}

/** A store's terms as a left join reads them: all null for a store without settings. */
export type StoredTerms = { [K in keyof DeliveryTerms]: DeliveryTerms[K] | null };

/** What decides how an order is paid (cash-on-delivery/choose-payment.ts). */
export interface PaymentChoice {
  /** The store's terms as read with the product (order-context.repository findOrderContext). */
  terms: StoredTerms;
  subtotal: number;
  sample: boolean;
  method: PaymentMethod;
  actor: AuthUser | null;
  /** The admin ordering for another account. */
  orderFor: string | undefined;
  channel: OrderChannel;
  pays: boolean;
  quantity: number;
}

/** How an order is paid and what it comes to, delivery included. */
export interface ChosenPayment {
  method: PaymentMethod;
  subtotal: number;
  deliveryCharge: number;
  total: number;
  /** The store's terms the choice was made with (the acceptance window and limits of cash on delivery). */
  terms: DeliveryTerms;
}

/** What orders need of the cash-on-delivery module. */
export interface OrderCashOnDelivery {
  /** The order's total with its store's delivery charge, and whether it may be paid in cash. */
  choosePayment(choice: PaymentChoice): Promise<ChosenPayment>;
  /** Delivering a cash-on-delivery order is taking its cash: "Paid on delivery". */
  markPaidOnDelivery(actor: AuthUser, orderId: string): Promise<SellerOrderView>;
}

/** What orders need of the refunds module (refunds/order-refund-views.ts, refunds/file-refund.ts). */
export interface OrderRefunds {
  /** Order views with their cancellation, refunds and what can still be refunded. */
  viewsWithRefunds<R extends { order: OrderRow }, V extends OrderView>(
    rows: readonly R[],
    toView: (row: R) => V,
  ): Promise<V[]>;
  /** What can still be refunded of an order, in paise. */
  refundablePaise(order: OrderRow): Promise<number>;
}
