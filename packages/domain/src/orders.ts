import { z } from './zod.js';
import { confirmationSchema } from './contributions.js';
import { idSchema } from './ids.js';
import { emailSchema } from './applications.js';
import { contactSchema, personNameSchema } from './names-and-numbers.js';
import { PINCODE_DIGITS } from './constants.js';
import { roleSchema } from './roles.js';
import { PAYMENT_METHODS } from './delivery.js';
import { cancellationViewSchema, refundViewSchema } from './refunds.js';
import { consentSchema } from './privacy.js';
import { influencerDetailsSchema, orderReferrerViewSchema } from './referrals.js';
import { orderNumberSearchSchema } from './order-numbers.js';
import { gstinStateProblem, orderGstinSchema } from './business-buyer.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { ORDER_MESSAGES } from './texts/orders.js';

// Checkout, orders and payments (spec sections 2 "Checkout", 3 "Order request", "Checkout form",
// 4, 5 "Checkout", 7 "Orders and admin data").

/**
 * What a logged-in buyer's address fields are pre-filled with (spec section 5), by the spec's
 * clients. This site's web app pre-fills a saved address instead, and the API replaces this
 * stand-in with one (`isPlaceholderAddress`, decision 051).
 */
export const LOGGED_IN_PREFILL = { text: 'NA', pincode: '100000' } as const;

const requiredText = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(200, `${label} is too long`);

export const pincodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PINCODE_DIGITS}}$`), `Enter a ${PINCODE_DIGITS}-digit pincode`);

/** Quantity is a whole number above 0 (spec section 5); strings from form inputs are accepted. */
export const quantitySchema = z.coerce
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be greater than 0')
  .max(100_000, 'Quantity is too large');

const optionalContact = z
  .union([z.literal(''), contactSchema])
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The checkout form with the spec's field names, `ladnmark` spelt so. The address fields are
 * optional for a product's owner and pre-filled for a logged-in buyer; the page decides which.
 */
export const checkoutFormSchema = z
  .object({
    quantity: quantitySchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    houseNumber: requiredText('House number'),
    contactNum: contactSchema,
    emailId: emailSchema,
    street: requiredText('Street'),
    ladnmark: requiredText('Landmark'),
    city: requiredText('City'),
    state: requiredText('State'),
    country: requiredText('Country'),
    pincode: pincodeSchema,
    referrercontactNum: optionalContact,
    /** Business checkout only: the buyer's GSTIN for a B2B tax invoice (decision 056). */
    gstin: orderGstinSchema,
  })
  .superRefine((form, ctx) => {
    const problem = form.gstin ? gstinStateProblem(form.gstin, form.state) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  });
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

export const orderAddressSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  houseNo: requiredText('House number'),
  street: requiredText('Street'),
  landmark: requiredText('Landmark'),
  city: requiredText('City'),
  state: requiredText('State'),
  country: requiredText('Country'),
  pinCode: pincodeSchema,
  email: emailSchema,
  mobile: contactSchema,
});
export type OrderAddress = z.output<typeof orderAddressSchema>;

const optionalId = z
  .union([z.literal(''), idSchema])
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined));

/** Free-form context the spec's clients send along; kept small, never trusted for prices. */
const looseObject = z.record(z.string(), z.unknown()).optional().nullable();

/**
 * The order request (spec section 3). Anything else a client sends, prices and amounts included,
 * is dropped: the amount is computed by the server (`priceOrder`).
 */
export const orderRequestSchema = z
  .object({
    address: orderAddressSchema,
    productId: idSchema,
    quantity: quantitySchema,
    sellerDetails: looseObject,
    bookingCode: z.string().trim().max(64, 'Booking code is too long').optional().nullable(),
    /** For an admin order: the buyer's account id (a sample for a specific user). */
    user: optionalId,
    mentionInfId: optionalId,
    mentionPostId: optionalId,
    postDetails: looseObject,
    /** The referrer from /refer (`_id`, `referredAt`); a validated `referrercontactNum` takes precedence. */
    influencerDetails: influencerDetailsSchema,
    userData: looseObject,
    /** The referrer's contact number, validated on the page ("Validate" → "Validated"). */
    referrercontactNum: optionalContact,
    /** Admin orders: a sample at the product's sample price with its locked sample quantity. */
    sample: z.boolean().optional(),
    /** COD: cash to the seller at delivery, no hosted payment page (decision 032). Default ONLINE. */
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose online payment or cash on delivery' }).optional(),
    /** The privacy notice and "18 or older" box a guest buyer accepted (decision 040); optional for older clients. */
    consent: consentSchema.optional(),
    /** A business buyer's GSTIN, for a B2B tax invoice; of the delivery address's state (decision 056). */
    gstin: orderGstinSchema,
  })
  .superRefine((order, ctx) => {
    const problem = order.gstin ? gstinStateProblem(order.gstin, order.address.state) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/** Builds the order request from the checkout form, so the page and the API read one shape. */
export function checkoutToOrderRequest(
  form: z.output<typeof checkoutFormSchema>,
  extra: { productId: string; mentionInfId?: string | undefined; mentionPostId?: string | undefined },
): OrderRequest {
  return {
    productId: extra.productId,
    quantity: form.quantity,
    mentionInfId: extra.mentionInfId,
    mentionPostId: extra.mentionPostId,
    referrercontactNum: form.referrercontactNum,
    ...(form.gstin ? { gstin: form.gstin } : {}),
    address: {
      firstName: form.firstName,
      lastName: form.lastName,
      houseNo: form.houseNumber,
      street: form.street,
      landmark: form.ladnmark,
      city: form.city,
      state: form.state,
      country: form.country,
      pinCode: form.pincode,
      email: form.emailId,
      mobile: form.contactNum,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Pricing and rewards: pure rules, the server's only source of an order's amount.

export const ORDER_CHANNELS = ['b2c', 'b2b'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export interface PricedProduct {
  /** Wholesale selling price (business). */
  dsctPrice: number;
  /** Consumer selling price. */
  retailDsctPrice: number;
  /** MRP, used when no selling price is set. */
  retailOriginalPrice: number;
  originalPrice: number;
  minOrderQuantity: number;
  sampleCharge: number;
  sampleQty: number;
}

export interface OrderPrice {
  unitPrice: number;
  quantity: number;
  amount: number;
}

export type PriceProblem = { field: 'quantity' | 'productId'; message: string };

/**
 * The amount of an order, in whole rupees, from the stored product only:
 * - consumer (b2c): the selling price (the MRP when no selling price is set) × quantity;
 * - business (b2b): the wholesale selling price (the wholesale catalogue price when unset) ×
 *   quantity, and the quantity must be at least the product's MOQ;
 * - sample (admin only): the sample price per unit, and the quantity is locked to the product's
 *   sample quantity (1 when the seller set none), whatever was asked.
 * A product without a price cannot be ordered. Prices a client sends are never read.
 */
export function priceOrder(
  product: PricedProduct,
  quantity: number,
  terms: { channel: OrderChannel; sample?: boolean | undefined },
): OrderPrice | PriceProblem {
  if (terms.sample) {
    const qty = Math.max(1, product.sampleQty);
    return { unitPrice: product.sampleCharge, quantity: qty, amount: product.sampleCharge * qty };
  }
  const unitPrice =
    terms.channel === 'b2b'
      ? product.dsctPrice || product.originalPrice
      : product.retailDsctPrice || product.retailOriginalPrice;
  if (unitPrice <= 0)
    return { field: 'productId', message: 'This product has no price and cannot be ordered' };
  if (terms.channel === 'b2b' && quantity < product.minOrderQuantity) {
    return {
      field: 'quantity',
      message: `Order at least ${product.minOrderQuantity} (minimum order quantity)`,
    };
  }
  return { unitPrice, quantity, amount: unitPrice * quantity };
}

/** Referrers earn this share of a delivered order's amount. */
export const REFERRER_REWARD_PERCENT = 2;

/**
 * The referrer's reward for one order: REFERRER_REWARD_PERCENT % of the paid amount, rounded down
 * to whole rupees. It is earned when the order is delivered and reversed in proportion when it is
 * refunded, in the reward ledger (decision 033), from which `remaining_reward_amount` (spendable)
 * and `total_rewards_rolledout` (lifetime) are computed. A buyer never earns a reward on their own order.
 */
export function referrerReward(amount: number, referrerIsBuyer: boolean): number {
  if (referrerIsBuyer || amount <= 0) return 0;
  return Math.floor((amount * REFERRER_REWARD_PERCENT) / 100);
}

// ---------------------------------------------------------------------------------------------
// States.

/**
 * How long an unpaid order holds its stock, and how long its payment session lasts: the buyer pays
 * within it, and retries within it after a failed attempt. Then the session is closed at the
 * provider and the stock goes back on sale (decision 019).
 */
export const PAYMENT_WINDOW_MINUTES = 10;

/**
 * What one device (its buyer-device cookie), and one signed-in account, may hold unpaid at once:
 * orders across all products, and units of one product in consumer orders (a business order's MOQ
 * may be larger). The operator can change both (UNPAID_ORDERS_MAX, UNPAID_UNITS_MAX).
 */
export const UNPAID_HOLD_LIMITS = { orders: 3, unitsPerProduct: 10 } as const;
export interface HoldLimits {
  orders: number;
  unitsPerProduct: number;
}

/**
 * One client address holds this many times a device's share (issue 40): a crowd behind one carrier
 * NAT orders side by side, while a script that drops its cookie on every order is still stopped.
 */
export const UNPAID_ADDRESS_FACTOR = 20;

/** The caps of one client address, from a device's. */
export const addressHoldLimits = (limits: HoldLimits): HoldLimits => ({
  orders: limits.orders * UNPAID_ADDRESS_FACTOR,
  unitsPerProduct: limits.unitsPerProduct * UNPAID_ADDRESS_FACTOR,
});

/**
 * created → paid / failed / cancelled, only from a verified webhook or a provider fetch.
 * REFUND_DUE: paid after its stock hold had ended, when the stock was gone by then; the money goes
 * back to the buyer and the order is never fulfilled.
 */
export const PAYMENT_STATES = [
  'CREATED',
  'PAID',
  'FAILED',
  'CANCELLED',
  'NOT_REQUIRED',
  'REFUND_DUE',
  // Refunds (decision 030): one still open; some of the amount went back; all of it did.
  'REFUND_PENDING',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  // Cash on delivery (decision 032): placed and waiting for the seller to accept it within the
  // store's window (24 hours unless set); accepted, the cash due at the door. Paid on delivery, it is PAID with method COD.
  'COD_PENDING',
  'COD_ACCEPTED',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The seller moves a paid (or admin-placed) order through dispatched and delivered. */
export const FULFILMENT_STATES = ['NEW', 'DISPATCHED', 'DELIVERED'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

const FULFILMENT_NEXT: Record<FulfilmentState, FulfilmentState | null> = {
  NEW: 'DISPATCHED',
  DISPATCHED: 'DELIVERED',
  DELIVERED: null,
};

/**
 * The one step a seller may take from `from`; only an order that needs no more payment moves. A
 * partly refunded order still goes out; a cancelled one, or one whose whole amount is refunded (or
 * being refunded), does not (decision 030).
 */
export function canMoveFulfilment(
  payment: PaymentState,
  from: FulfilmentState,
  to: FulfilmentState,
  refunds?: { cancelled: boolean; refundablePaise: number },
): boolean {
  // An accepted cash-on-delivery order goes out unpaid; its delivery is "Paid on delivery".
  if (payment === 'COD_ACCEPTED') return !refunds?.cancelled && from === 'NEW' && to === 'DISPATCHED';
  if (refunds && (refunds.cancelled || refunds.refundablePaise <= 0) && payment !== 'NOT_REQUIRED')
    return false;
  if (refunds?.cancelled) return false;
  const moves: PaymentState[] = ['PAID', 'NOT_REQUIRED', 'PARTIALLY_REFUNDED', 'REFUND_PENDING'];
  if (!moves.includes(payment)) return false;
  return FULFILMENT_NEXT[from] === to;
}

// ---------------------------------------------------------------------------------------------
// Responses.

export const orderViewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  brand: z.string(),
  model: z.string(),
  size: z.string(),
  image: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  sample: z.boolean(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  paymentState: z.enum(PAYMENT_STATES),
  fulfilment: z.enum(FULFILMENT_STATES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Until when an unpaid order keeps its stock (and can be paid or retried); null otherwise. */
  holdExpiresAt: z.string().nullable(),
  /** ONLINE or COD (cash to the seller at delivery). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Whole rupees, included in `amount`. */
  deliveryCharge: z.number().int(),
  /** A cash-on-delivery order waiting for the seller: accepted by then, or cancelled. */
  codAcceptBy: z.string().nullable(),
  /** The courier and tracking number the seller gave at dispatch; '' when none. */
  courier: z.string(),
  trackingNumber: z.string(),
  /**
   * Placed without a delivery address (the spec's "NA" from a client, and no saved address to put
   * in its place): the buyer gives it on the order's page, and the seller dispatches only then.
   */
  addressNeeded: z.boolean().optional(),
  /** Cancelled on purpose: by whom, why and when (decision 030); null otherwise. */
  cancellation: cancellationViewSchema.nullable().optional(),
  /** Its refunds, oldest first, and what can still be refunded (paise). */
  refunds: z.array(refundViewSchema).optional(),
  refundablePaise: z.number().int().optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** What the seller and the admin see in addition: where it goes and who receives it. */
const addressViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  houseNo: z.string(),
  street: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pinCode: z.string(),
  email: z.string(),
  mobile: z.string(),
});

export const sellerOrderViewSchema = orderViewSchema.extend({
  address: addressViewSchema,
  buyerName: z.string(),
  /** Who referred the order (a name, never a contact); null when nobody did. */
  referrer: orderReferrerViewSchema.nullable().optional(),
});
export type SellerOrderView = z.infer<typeof sellerOrderViewSchema>;

/** Opens the hosted checkout: the simulator's page, or Cashfree's checkout in its sandbox or production mode. */
export const cfOrderSchema = z.object({
  paymentSessionId: z.string(),
  provider: z.enum(['simulator', 'cashfree']),
  mode: z.enum(['sandbox', 'production']),
});
export type CfOrder = z.infer<typeof cfOrderSchema>;

export const orderCreatedResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({
    order: orderViewSchema,
    /** An account was made for an anonymous buyer; its one-time password went to `passwordSentTo`. */
    accountCreated: z.boolean(),
    passwordSentTo: z.string().nullable(),
    /** Made with an existing account's contact: joins its "My orders" after the code sent to it. */
    confirmation: confirmationSchema.optional(),
  }),
  /** Present for the paying calls: opens the provider's hosted checkout. */
  cfOrder: cfOrderSchema.optional(),
});
export type OrderCreatedResponse = z.infer<typeof orderCreatedResponseSchema>;

export const orderStatusResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: orderViewSchema,
});

export const orderListResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.array(orderViewSchema),
});
export const sellerOrderListResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.array(sellerOrderViewSchema),
});

export const orderIdParamsSchema = z.object({ orderId: idSchema });

export const COURIER_MAX = 60;
export const TRACKING_NUMBER_MAX = 40;

/**
 * Moving an order on. At dispatch the seller may name the courier and the tracking number (the
 * buyer's message and order page show them); both are optional, for hand deliveries.
 */
export const fulfilmentRequestSchema = z.object({
  orderId: idSchema,
  fulfilment: z.enum(['DISPATCHED', 'DELIVERED']),
  courier: z
    .string()
    .trim()
    .max(COURIER_MAX, `A courier's name is at most ${COURIER_MAX} characters`)
    .regex(/^[^<>{}]*$/, "A courier's name cannot contain < > { or }")
    .optional()
    .default(''),
  trackingNumber: z
    .string()
    .trim()
    .max(TRACKING_NUMBER_MAX, `A tracking number is at most ${TRACKING_NUMBER_MAX} characters`)
    .regex(/^[A-Za-z0-9-]*$/, 'A tracking number has only letters, digits and hyphens')
    .optional()
    .default(''),
});
export type FulfilmentRequest = z.input<typeof fulfilmentRequestSchema>;

/** "Shipped with Delhivery, tracking number DL123" for a dispatched order; '' when nothing was given. */
export function shipmentText(order: { courier: string; trackingNumber: string }): string {
  const courier = order.courier ? `Shipped with ${order.courier}` : '';
  if (!order.trackingNumber) return courier;
  return courier
    ? `${courier}, tracking number ${order.trackingNumber}`
    : `Tracking number ${order.trackingNumber}`;
}

export const adminOrdersQuerySchema = z.object({
  paymentState: z.enum(PAYMENT_STATES).optional(),
  fulfilment: z.enum(FULFILMENT_STATES).optional(),
  from: z.iso.date({ error: 'Use a date like 2026-01-31' }).optional(),
  to: z.iso.date({ error: 'Use a date like 2026-01-31' }).optional(),
  /** An order number, its last characters or the order id (see orderNumberSearchSchema). */
  number: orderNumberSearchSchema.optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const mobileParamsSchema = z.object({ mobile: contactSchema });

/**
 * A buyer or referrer found by mobile, never their e-mail or mobile. `role` is there for a seller's
 * account (USER: not activated yet, SELLER) and for the admin team; `_id` and `ownerName` only for
 * the admin team, who may order on that account's behalf.
 */
export const contactLookupSchema = z.object({
  role: roleSchema.optional(),
  _id: z.string().optional(),
  ownerName: z.string().optional(),
});
export type ContactLookup = z.infer<typeof contactLookupSchema>;
export const contactLookupResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: contactLookupSchema,
});

export const retryPaymentResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  cfOrder: cfOrderSchema,
});
