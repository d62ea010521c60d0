import { z } from './zod.js';
import { idSchema } from './ids.js';
import { COD_STATE_TEXT } from './texts/delivery.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { COD_STATE_TEXT } from './texts/delivery.js';

// Totals before paying and cash on delivery (issue 23, decision 032): what a store charges for
// delivery, when delivery is free, and when a buyer may pay the seller in cash at the door.
// The checkout page and the server compute an order's total with the same rule (orderTotals); the
// server never takes an amount from the browser.

/** How a buyer pays: online through the payment provider, or in cash to the seller at delivery. */
export const PAYMENT_METHODS = ['ONLINE', 'COD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How long a seller has to accept a cash-on-delivery order before it is cancelled and its stock
 * returns: the seller's setting, 24 hours unless they change it, within these bounds (issue 40).
 */
export const COD_ACCEPT_HOURS = { default: 24, min: 2, max: 72 } as const;

/**
 * What cash on delivery may hold of a store's stock before the seller has said yes (issue 40): the
 * units in one order, and the units of one product in all orders waiting for acceptance together,
 * whoever placed them. Each is the seller's setting; these are its default and bounds.
 */
export const COD_UNITS_PER_ORDER = { default: 5, min: 1, max: 100 } as const;
export const COD_WAITING_UNITS = { default: 10, min: 1, max: 1000 } as const;

/** The highest delivery charge and amounts a store may set, in whole rupees. */
export const DELIVERY_CHARGE_MAX = 10_000;
export const DELIVERY_AMOUNT_MAX = 10_000_000;

/** A store's delivery and cash-on-delivery terms, whole rupees. */
export interface DeliveryTerms {
  /** Charged once per order; 0 means delivery is always free. */
  deliveryCharge: number;
  /** Delivery is free when the items come to at least this much; null: never free (unless the charge is 0). */
  freeDeliveryFrom: number | null;
  codEnabled: boolean;
  /** The largest order total (delivery included) paid in cash; null: no upper amount. */
  codMaxAmount: number | null;
  /** Hours the seller has to accept a cash-on-delivery order. */
  codAcceptHours: number;
  /** The most units one cash-on-delivery order may have. */
  codMaxUnitsPerOrder: number;
  /** The most units of one product that cash-on-delivery orders may hold while they wait for acceptance. */
  codMaxWaitingUnits: number;
}

/** What a store without settings offers: free delivery, online payment only. */
export const DEFAULT_DELIVERY_TERMS: DeliveryTerms = {
  deliveryCharge: 0,
  freeDeliveryFrom: null,
  codEnabled: false,
  codMaxAmount: null,
  codAcceptHours: COD_ACCEPT_HOURS.default,
  codMaxUnitsPerOrder: COD_UNITS_PER_ORDER.default,
  codMaxWaitingUnits: COD_WAITING_UNITS.default,
};

/** A store's terms as a left join reads them (every field null for a store without settings), with the defaults filled in. */
export function deliveryTermsOf(row: { [K in keyof DeliveryTerms]: DeliveryTerms[K] | null }): DeliveryTerms {
  const d = DEFAULT_DELIVERY_TERMS;
  return {
    deliveryCharge: row.deliveryCharge ?? d.deliveryCharge,
    freeDeliveryFrom: row.freeDeliveryFrom,
    codEnabled: row.codEnabled ?? d.codEnabled,
    codMaxAmount: row.codMaxAmount,
    codAcceptHours: row.codAcceptHours ?? d.codAcceptHours,
    codMaxUnitsPerOrder: row.codMaxUnitsPerOrder ?? d.codMaxUnitsPerOrder,
    codMaxWaitingUnits: row.codMaxWaitingUnits ?? d.codMaxWaitingUnits,
  };
}

export interface OrderTotals {
  /** The items: unit price × quantity. */
  subtotal: number;
  deliveryCharge: number;
  /** What the buyer pays: subtotal + delivery. */
  total: number;
}

/**
 * The order's total, whole rupees: the items, plus the store's delivery charge unless the items
 * come to its free-delivery amount or more. A sample (admin only) travels at no charge.
 */
export function orderTotals(subtotal: number, terms: DeliveryTerms, opts: { sample?: boolean } = {}) {
  const free =
    opts.sample === true ||
    terms.deliveryCharge <= 0 ||
    (terms.freeDeliveryFrom !== null && subtotal >= terms.freeDeliveryFrom);
  const deliveryCharge = free ? 0 : terms.deliveryCharge;
  return { subtotal, deliveryCharge, total: subtotal + deliveryCharge } satisfies OrderTotals;
}

// One formatter, made once: `toLocaleString` builds a new one on every call (about a millisecond on
// a phone), and the money schemas call this for each field's message when they are made.
const indianRupees = new Intl.NumberFormat('en-IN');
export const rupeesText = (n: number) => `₹${indianRupees.format(n)}`;

export const COD_MESSAGES = {
  notOffered: 'This store does not take cash on delivery',
  signIn: 'Log in to pay cash on delivery',
  unproven:
    'Cash on delivery needs an account whose mobile or e-mail is verified. Verify yours with the code we send, or pay online',
  aboveMax: (max: number) => `Cash on delivery is for orders up to ${rupeesText(max)} at this store`,
  onlyConsumer: 'Cash on delivery is for consumer orders; pay business orders online',
  notWaiting: 'This order is not waiting for acceptance',
  acceptExpired: (hours: number) => `This order was not accepted within ${hours} hours and was cancelled`,
  notDispatched: 'Dispatch the order before marking it paid on delivery',
  notCod: 'This is not a cash-on-delivery order',
  sweepReason: (hours: number) => `The seller did not accept it within ${hours} hours`,
  unitsPerOrder: (units: number) =>
    units === 1
      ? 'Cash on delivery is for up to 1 item per order at this store. Order fewer, or pay online'
      : `Cash on delivery is for up to ${units} items per order at this store. Order fewer, or pay online`,
  waitingUnits:
    'This store has as many cash-on-delivery orders of this product waiting as it takes. Pay online, or try again once the seller has accepted them',
  firstOrderOneItem:
    'Until an order of yours has been delivered, cash on delivery is for one item at a time. Pay online for more',
} as const;

export type CodRefusal = { field: 'paymentMethod'; message: string };

/**
 * Whether this buyer may pay this order in cash at delivery: the store takes it, the total is
 * within its upper amount, and the buyer is signed in with a proven mobile or e-mail (whoever
 * types a contact could otherwise send goods to a stranger's door unpaid). Null when allowed.
 */
export function codRefusal(
  terms: DeliveryTerms,
  order: { total: number; quantity: number },
  buyer: {
    signedIn: boolean;
    contactProven: boolean;
    /**
     * What the server knows of the buyer (issue 40): a buyer none of whose orders was delivered
     * yet may have one cash-on-delivery order of one item open at a time, so new accounts cannot
     * hold a product's stock unpaid. The checkout page, which does not know, leaves it out.
     */
    firstCod?: { delivered: boolean; openCodOrders: number };
  },
): CodRefusal | null {
  const refuse = (message: string): CodRefusal => ({ field: 'paymentMethod', message });
  if (!terms.codEnabled) return refuse(COD_MESSAGES.notOffered);
  if (terms.codMaxAmount !== null && order.total > terms.codMaxAmount) {
    return refuse(COD_MESSAGES.aboveMax(terms.codMaxAmount));
  }
  if (order.quantity > terms.codMaxUnitsPerOrder)
    return refuse(COD_MESSAGES.unitsPerOrder(terms.codMaxUnitsPerOrder));
  if (!buyer.signedIn) return refuse(COD_MESSAGES.signIn);
  if (!buyer.contactProven) return refuse(COD_MESSAGES.unproven);
  const first = buyer.firstCod;
  if (first && !first.delivered && (order.quantity > 1 || first.openCodOrders > 0)) {
    return refuse(COD_MESSAGES.firstOrderOneItem);
  }
  return null;
}

/** Until when the seller may accept a cash-on-delivery order placed at `placedAt`. */
export function codAcceptBy(placedAt: Date, hours: number): Date {
  return new Date(placedAt.getTime() + hours * 3_600_000);
}

/** The acceptance window an order was placed with, in whole hours, from its deadline. */
export function codWindowHours(placedAt: Date, acceptBy: Date): number {
  return Math.round((acceptBy.getTime() - placedAt.getTime()) / 3_600_000);
}

// ---------------------------------------------------------------------------------------------
// Contracts.

const wholeRupees = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ error: `${label} must be a whole number of rupees` })
      .int(`${label} must be a whole number of rupees`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${rupeesText(max)}`),
  );

/** An optional amount: an empty field means "none". */
const optionalRupees = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    wholeRupees(label, DELIVERY_AMOUNT_MAX)
      .nullable()
      .refine((v) => v === null || v > 0, `${label} must be more than ₹0, or left empty`),
  );

/** A whole number within bounds, typed in a text field or sent as a number; absent or empty: unchanged. */
const wholeWithin = (label: string, unit: string, bounds: { min: number; max: number }) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `${label} must be a whole number of ${unit}` })
      .int(`${label} must be a whole number of ${unit}`)
      .min(bounds.min, `${label} must be at least ${bounds.min}`)
      .max(bounds.max, `${label} must be at most ${bounds.max}`)
      .optional(),
  );

/**
 * The seller's "Delivery and cash on delivery" settings in Edit store. The three limits of cash on
 * delivery are optional in a request (clients older than issue 40 do not send them): absent, each
 * keeps what the store has (its default for a store that never set it).
 */
export const deliveryTermsSchema = z.object({
  deliveryCharge: wholeRupees('Delivery charge', DELIVERY_CHARGE_MAX),
  freeDeliveryFrom: optionalRupees('Free delivery amount'),
  codEnabled: z.boolean({ error: 'Cash on delivery is on or off' }),
  codMaxAmount: optionalRupees('Cash on delivery upper amount'),
  codAcceptHours: wholeWithin('Hours to accept a cash-on-delivery order', 'hours', COD_ACCEPT_HOURS),
  codMaxUnitsPerOrder: wholeWithin('Items per cash-on-delivery order', 'items', COD_UNITS_PER_ORDER),
  codMaxWaitingUnits: wholeWithin('Items of one product waiting for acceptance', 'items', COD_WAITING_UNITS),
});
export type DeliveryTermsInput = z.input<typeof deliveryTermsSchema>;
export type DeliveryTermsUpdate = z.output<typeof deliveryTermsSchema>;

/** A store's terms as the API answers them. */
export const deliveryTermsViewSchema = z.object({
  deliveryCharge: z.number().int(),
  freeDeliveryFrom: z.number().int().nullable(),
  codEnabled: z.boolean(),
  codMaxAmount: z.number().int().nullable(),
  codAcceptHours: z.number().int(),
  codMaxUnitsPerOrder: z.number().int(),
  codMaxWaitingUnits: z.number().int(),
});

export const deliveryTermsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: deliveryTermsViewSchema,
});

/** What the checkout page needs of a product's store to show the totals and the payment choice. */
export const productTermsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: deliveryTermsViewSchema.extend({ productId: idSchema }),
});
export type ProductTerms = z.infer<typeof productTermsResponseSchema>['data'];

export const productIdParamsSchema = z.object({ productId: idSchema });

/** The seller accepts a cash-on-delivery order, or marks it paid on delivery. */
export const codOrderRequestSchema = z.object({ orderId: idSchema });

/**
 * The words for a cash-on-delivery order's payment state (COD_STATE_TEXT); null for an order paid
 * online, or a state that reads the same either way (cancelled, refunds).
 */
export function codStateText(order: { paymentMethod: PaymentMethod; paymentState: string }): string | null {
  if (order.paymentMethod !== 'COD') return null;
  switch (order.paymentState) {
    case 'COD_PENDING':
      return COD_STATE_TEXT.waiting;
    case 'COD_ACCEPTED':
      return COD_STATE_TEXT.accepted;
    case 'PAID':
      return COD_STATE_TEXT.paid;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Refunds of cash-on-delivery orders: paid out by the seller to the buyer's UPI id or bank account.

export const PAYOUT_MESSAGES = {
  upi: 'Enter a UPI id like name@bank',
  ifsc: 'Enter the 11-character IFSC, like HDFC0001234',
  account: 'An account number is 9 to 18 digits',
  accountName: 'Enter the account holder’s name',
  notPayout: 'This refund is paid by the payment provider, not by the seller',
  notBuyer: 'Only the buyer gives where a refund is paid',
  noDetails: 'The buyer has not said where to pay this refund yet',
  settled: 'This refund is already settled',
  reference: 'Enter the payout’s reference (UTR or UPI transaction id), 4 to 40 letters and digits',
} as const;

/** Where the buyer wants a cash-on-delivery refund paid: a UPI id, or a bank account with its IFSC. */
export const payoutDetailsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('UPI'),
    upiId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, PAYOUT_MESSAGES.upi),
  }),
  z.object({
    kind: z.literal('BANK'),
    accountName: z.string().trim().min(2, PAYOUT_MESSAGES.accountName).max(100, PAYOUT_MESSAGES.accountName),
    ifsc: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, PAYOUT_MESSAGES.ifsc)),
    accountNumber: z
      .string()
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{9,18}$/, PAYOUT_MESSAGES.account)),
  }),
]);
export type PayoutDetailsInput = z.input<typeof payoutDetailsSchema>;
export type PayoutDetails = z.output<typeof payoutDetailsSchema>;

/** The seller's record of a payout they made: the bank's or the UPI app's reference. */
export const payoutRecordSchema = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, PAYOUT_MESSAGES.reference),
});

export const refundParamsSchema = z.object({ orderId: idSchema, refundId: z.string().min(1).max(64) });

/** A cash-on-delivery refund and where it is paid (the account number shown in full to the seller only). */
export const refundPayoutViewSchema = z.object({
  refundId: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  /** "UPI meera@okhdfc" or "Bank account ••••4321 (HDFC0001234, Meera Iyer)"; null until given. */
  payTo: z.string().nullable(),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type RefundPayoutView = z.infer<typeof refundPayoutViewSchema>;
export const refundPayoutListResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.array(refundPayoutViewSchema),
});

/** How a payout destination reads; the account number masked unless `full`. */
export function payoutText(details: PayoutDetails, full: boolean): string {
  if (details.kind === 'UPI') return `UPI ${details.upiId}`;
  const account = full ? details.accountNumber : `••••${details.accountNumber.slice(-4)}`;
  return `Bank account ${account} (${details.ifsc}, ${details.accountName})`;
}
