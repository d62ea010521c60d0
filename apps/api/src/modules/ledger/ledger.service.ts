import {
  LEDGER_MESSAGES,
  orderNumberOf,
  SETTLEMENT_KIND_LABELS,
  type LedgerRates,
  type PayoutAccount,
  type PayoutRequest,
  type SettlementStatement,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './ledger.repository.js';

// Seller settlements and referral rewards (decision 033): the seller reads their own ledger, the
// admin sets the rates, reads every balance and records payouts.

function assertAdmin(user: AuthUser) {
  if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Only the admin can do this');
}

function assertSeller(user: AuthUser) {
  if (user.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller has a settlement ledger');
}

async function statementOf(db: Database, sellerUserId: string): Promise<SettlementStatement> {
  const [totals, rows] = await Promise.all([
    repo.settlementBalance(db, sellerUserId),
    repo.settlementEntriesOf(db, sellerUserId),
  ]);
  return {
    ...totals,
    entries: rows.map((r) => ({
      ...r,
      orderNumber: r.orderId ? orderNumberOf(r.orderId) : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The signed-in seller's own ledger: what is owed, what was paid, and every row. */
export function getMySettlements(db: Database, user: AuthUser): Promise<SettlementStatement> {
  assertSeller(user);
  return statementOf(db, user.id);
}

/** The admin reads one seller's ledger before paying them. */
export function getSellerSettlements(
  db: Database,
  user: AuthUser,
  sellerUserId: string,
): Promise<SettlementStatement> {
  assertAdmin(user);
  return statementOf(db, sellerUserId);
}

const CSV_HEADER = ['Date', 'Order', 'Entry', 'Amount (INR)', 'Reference', 'Balance (INR)'];

/** A cell a spreadsheet shows as text: quoted when needed, never read as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The seller's ledger as CSV, oldest first with the balance after each row. */
export async function exportMySettlementsCsv(db: Database, user: AuthUser): Promise<string> {
  const { entries } = await getMySettlements(db, user);
  let balance = 0;
  const lines = [CSV_HEADER.join(',')];
  for (const entry of [...entries].reverse()) {
    balance += entry.amountPaise;
    lines.push(
      [
        entry.createdAt.slice(0, 10),
        cell(entry.orderNumber ?? ''),
        cell(SETTLEMENT_KIND_LABELS[entry.kind]),
        rupees(entry.amountPaise),
        cell(entry.reference ?? ''),
        rupees(balance),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function listPayoutAccounts(db: Database, user: AuthUser): Promise<PayoutAccount[]> {
  assertAdmin(user);
  return repo.payoutAccounts(db);
}

/**
 * The admin paid a seller their settlement, or a referrer their rewards, by bank transfer: booked
 * against the account's balance, never above it (two payouts at once are booked one after the
 * other), and once per bank reference.
 */
export async function recordPayout(
  db: Database,
  user: AuthUser,
  body: PayoutRequest,
): Promise<PayoutAccount> {
  assertAdmin(user);
  const reference = body.reference.toUpperCase();
  await db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, body.userId);
    if (!account) throw new AppError('NOT_FOUND', LEDGER_MESSAGES.noSuchAccount);
    const balance =
      body.kind === 'SETTLEMENT'
        ? (await repo.settlementBalance(tx, body.userId)).balancePaise
        : await repo.rewardBalance(tx, body.userId);
    if (body.amountPaise > balance) {
      const message = LEDGER_MESSAGES.aboveBalance(balance);
      throw new AppError('CONFLICT', message, { amountPaise: message });
    }
    if (body.kind === 'SETTLEMENT') {
      const booked = await repo.bookSettlement(tx, [
        {
          sellerUserId: body.userId,
          orderId: null,
          kind: 'PAYOUT',
          amountPaise: -body.amountPaise,
          counterAccount: 'bank',
          sourceKey: `payout:${body.userId}:${reference}`,
          reference,
          createdByUserId: user.id,
        },
      ]);
      if (booked === 0) throw duplicateReference();
    } else {
      const booked = await repo.bookReward(tx, {
        userId: body.userId,
        orderId: null,
        kind: 'PAID_OUT',
        amountPaise: -body.amountPaise,
        sourceKey: `reward-payout:${body.userId}:${reference}`,
        reference,
        createdByUserId: user.id,
      });
      if (!booked) throw duplicateReference();
    }
  });
  const account = await repo.payoutAccount(db, body.userId);
  if (!account) throw new AppError('NOT_FOUND', LEDGER_MESSAGES.noSuchAccount);
  return account;
}

function duplicateReference() {
  return new AppError('CONFLICT', LEDGER_MESSAGES.duplicateReference, {
    reference: LEDGER_MESSAGES.duplicateReference,
  });
}

export function getLedgerRates(db: Database, user: AuthUser): Promise<LedgerRates> {
  assertAdmin(user);
  return repo.readRates(db);
}

/** New rates apply to sales from now on; a refund takes back what its sale was charged. */
export function setLedgerRates(db: Database, user: AuthUser, rates: LedgerRates): Promise<LedgerRates> {
  assertAdmin(user);
  return repo.saveRates(db, rates, user.id);
}
