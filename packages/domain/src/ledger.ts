import { z } from './zod.js';
import { idSchema } from './ids.js';
import { envelope } from './envelope.js';
import { splitInclusive } from './gst.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { LEDGER_MESSAGES, paiseText, SETTLEMENT_KIND_LABELS } from './texts/ledger.js';

// Seller settlements and referral rewards (issue 23, decision 033). Every amount is integer paise
// (₹1 = 100 paise); a ledger row's sign is its effect on what the platform owes the account.

/**
 * What the admin sets, in basis points (1 bp = 0.01 %): the platform's commission on a sale, the
 * GST TCS an e-commerce operator collects (CGST Act section 52) and the income-tax TDS it deducts
 * (Income-tax Act section 194-O).
 */
export const ledgerRatesSchema = z.object({
  commissionBasisPoints: z
    .number()
    .int('Commission is a whole number of basis points')
    .min(0, 'Commission cannot be negative')
    .max(5000, 'Commission is at most 50 % (5000 basis points)'),
  tcsBasisPoints: z
    .number()
    .int('GST TCS is a whole number of basis points')
    .min(0, 'GST TCS cannot be negative')
    .max(200, 'GST TCS is at most 2 % (200 basis points)'),
  tdsBasisPoints: z
    .number()
    .int('Income-tax TDS is a whole number of basis points')
    .min(0, 'Income-tax TDS cannot be negative')
    .max(500, 'Income-tax TDS is at most 5 % (500 basis points)'),
});
export type LedgerRates = z.infer<typeof ledgerRatesSchema>;
export const ledgerRatesResponseSchema = envelope(ledgerRatesSchema);

/**
 * Until the admin sets them: no commission, and the statutory rates in force since 2024 (GST TCS
 * 0.5 % from 10 July 2024, notification 15/2024-CT; TDS 0.1 % from 1 October 2024, Finance (No. 2)
 * Act 2024).
 */
export const DEFAULT_LEDGER_RATES: LedgerRates = {
  commissionBasisPoints: 0,
  tcsBasisPoints: 50,
  tdsBasisPoints: 10,
};

/** `bp` basis points of `paise`, to the nearest paisa (half away from zero). */
export function basisPointsOf(paise: number, bp: number): number {
  const exact = (paise * bp) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

export interface SaleCharges {
  commissionPaise: number;
  tcsPaise: number;
  tdsPaise: number;
}

/**
 * What the platform keeps of one sale. Commission on what the buyer paid. GST TCS (section 52) is
 * on the net value of taxable supplies and income-tax TDS (section 194-O, GST shown separately) on
 * the amount without GST: both on the sale's taxable value, the price being GST-inclusive at the
 * product's rate (0 for a rate not known, which charges on the whole amount).
 */
export function saleCharges(grossPaise: number, rates: LedgerRates, gstRatePercent = 0): SaleCharges {
  const taxablePaise = splitInclusive(grossPaise, gstRatePercent, 'inter-state').taxablePaise;
  return {
    commissionPaise: basisPointsOf(grossPaise, rates.commissionBasisPoints),
    tcsPaise: basisPointsOf(taxablePaise, rates.tcsBasisPoints),
    tdsPaise: basisPointsOf(taxablePaise, rates.tdsBasisPoints),
  };
}

/**
 * The part of `charge` (booked on a sale of `grossPaise`) that a refund takes back, when the
 * order's refunds went from `refundedBefore` to `refundedAfter`. Each refund's share is the
 * difference of two rounded totals, so the shares of any run of partial refunds add up to exactly
 * the charge once everything is refunded, and never past it.
 */
export function refundShare(
  charge: number,
  grossPaise: number,
  refundedBefore: number,
  refundedAfter: number,
): number {
  if (grossPaise <= 0) return 0;
  const clamp = (refunded: number) => Math.min(Math.max(refunded, 0), grossPaise);
  const upTo = (refunded: number) => Math.round((charge * clamp(refunded)) / grossPaise);
  return upTo(refundedAfter) - upTo(refundedBefore);
}

/**
 * The referrer's reward when the order is delivered (decision 033: earned at delivery, reversed on
 * refund): the order's reward less the share of what was refunded before delivery.
 */
export function rewardAtDelivery(rewardPaise: number, grossPaise: number, refundedPaise: number): number {
  return rewardPaise - refundShare(rewardPaise, grossPaise, 0, refundedPaise);
}

// ---------------------------------------------------------------------------------------------
// Settlement ledger rows.

export const SETTLEMENT_KINDS = [
  'SALE',
  'CASH_COLLECTED',
  'COMMISSION',
  'TCS',
  'TDS',
  'REFUND',
  'CASH_REFUNDED',
  'COMMISSION_REVERSAL',
  'TCS_REVERSAL',
  'TDS_REVERSAL',
  'PAYOUT',
] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

export const settlementEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(SETTLEMENT_KINDS),
  /** Positive: the platform owes the seller more; negative: less (or the seller owes it). */
  amountPaise: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The payout's bank reference (UTR); null for other rows. */
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementEntry = z.infer<typeof settlementEntrySchema>;

export const settlementStatementSchema = z.object({
  /** Everything the seller's sales earned them, after refunds, commission and taxes. */
  owedPaise: z.number().int(),
  /** Settlements paid out to the seller. */
  paidPaise: z.number().int(),
  /** owed − paid: what the platform still owes (negative: what the seller owes the platform). */
  balancePaise: z.number().int(),
  /** Newest first. */
  entries: z.array(settlementEntrySchema),
});
export type SettlementStatement = z.infer<typeof settlementStatementSchema>;
export const settlementStatementResponseSchema = envelope(settlementStatementSchema);

/** One account on the admin's payouts page: a seller's settlement and a referrer's rewards. */
export const payoutAccountSchema = z.object({
  userId: z.string(),
  name: z.string(),
  storeName: z.string().nullable(),
  settlementBalancePaise: z.number().int(),
  rewardBalancePaise: z.number().int(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountsResponseSchema = envelope(z.array(payoutAccountSchema));

/** "1499.50" → 149950: what the admin types, in paise; undefined when it is not an amount. */
export function rupeesToPaise(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const payoutReference = z
  .string({ error: 'Enter the bank reference (UTR) of the transfer' })
  .trim()
  .min(4, 'Enter the bank reference (UTR) of the transfer')
  .max(40, 'A reference is at most 40 characters')
  .regex(/^[A-Za-z0-9/_-]+$/, 'Use letters, digits, /, - and _ only');

export const PAYOUT_KINDS = ['SETTLEMENT', 'REWARD'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/** The admin's form: the amount as typed in rupees. */
export const payoutFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .refine((v) => (rupeesToPaise(v) ?? 0) > 0, 'Enter an amount in rupees above zero, e.g. 1499.50'),
  reference: payoutReference,
});
export type PayoutForm = z.infer<typeof payoutFormSchema>;

export const payoutRequestSchema = z.object({
  userId: idSchema,
  /** A seller's settlement, or a referrer's rewards redeemed. */
  kind: z.enum(PAYOUT_KINDS),
  amountPaise: z
    .number({ error: 'Enter an amount' })
    .int('Enter the amount in whole paise')
    .positive('Enter an amount above zero')
    .max(100_000_000_00, 'The amount is too large'),
  reference: payoutReference,
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;
export const payoutResponseSchema = envelope(payoutAccountSchema);
