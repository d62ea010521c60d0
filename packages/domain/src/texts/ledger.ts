// Texts of `ledger.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { SettlementKind } from '../ledger.js';

/** ₹1,499.50 (whole rupees without decimals). */
export function paiseText(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  return `${sign}₹${(abs / 100).toLocaleString('en-IN', {
    minimumFractionDigits: abs % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** How each kind of row reads on the seller's page and in the CSV. */
export const SETTLEMENT_KIND_LABELS: Record<SettlementKind, string> = {
  SALE: 'Sale',
  CASH_COLLECTED: 'Cash collected by you (cash on delivery)',
  COMMISSION: 'Platform commission',
  TCS: 'GST TCS (section 52)',
  TDS: 'Income-tax TDS (section 194-O)',
  REFUND: 'Refund',
  CASH_REFUNDED: 'Refund paid by you in cash',
  COMMISSION_REVERSAL: 'Commission returned on refund',
  TCS_REVERSAL: 'GST TCS returned on refund',
  TDS_REVERSAL: 'Income-tax TDS returned on refund',
  PAYOUT: 'Settlement paid out',
};

export const LEDGER_MESSAGES = {
  payoutRecorded: 'Payout recorded',
  ratesSaved: 'Rates saved',
  aboveBalance: (balancePaise: number) =>
    balancePaise > 0
      ? `The payout is above what is owed (${paiseText(balancePaise)})`
      : 'Nothing is owed to this account',
  noSuchAccount: 'No such seller',
  duplicateReference: 'A payout with this reference is already recorded for this account',
  rewardsReadOnly:
    'Reward amounts add up from delivered orders and payouts, and cannot be typed in: only the affiliate code can be updated',
} as const;
