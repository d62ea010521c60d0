import { desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LEDGER_RATES, SETTLEMENT_KINDS, type LedgerRates, type SettlementKind } from '@app/domain';
import type { Database } from '../../db/client.js';
import {
  ledgerSettings,
  orders,
  rewardEntries,
  settlementEntries,
  shops,
  users,
  type RewardKind,
} from '../../db/schema/index.js';

// Every query of the settlement and reward ledgers (decision 033). Amounts are paise.

export async function readRates(db: Database): Promise<LedgerRates> {
  const [row] = await db
    .select({
      commissionBasisPoints: ledgerSettings.commissionBp,
      tcsBasisPoints: ledgerSettings.tcsBp,
      tdsBasisPoints: ledgerSettings.tdsBp,
    })
    .from(ledgerSettings)
    .where(eq(ledgerSettings.id, 1));
  return row ?? DEFAULT_LEDGER_RATES;
}

export async function saveRates(db: Database, rates: LedgerRates, byUserId: string): Promise<LedgerRates> {
  const values = {
    commissionBp: rates.commissionBasisPoints,
    tcsBp: rates.tcsBasisPoints,
    tdsBp: rates.tdsBasisPoints,
    updatedByUserId: byUserId,
    updatedAt: new Date(),
  };
  await db
    .insert(ledgerSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ledgerSettings.id, set: values });
  return readRates(db);
}

export type NewSettlementEntry = {
  sellerUserId: string;
  orderId: string | null;
  kind: SettlementKind;
  amountPaise: number;
  counterAccount: string;
  sourceKey: string;
  reference?: string | null;
  createdByUserId?: string | null;
};

/**
 * Books rows, each once: a row whose source key is booked already is skipped (an event recorded
 * twice for one fact). Rows of nothing are not booked. Answers how many rows were new.
 */
export async function bookSettlement(db: Database, rows: NewSettlementEntry[]): Promise<number> {
  const real = rows.filter((r) => r.amountPaise !== 0);
  if (real.length === 0) return 0;
  const booked = await db
    .insert(settlementEntries)
    .values(real)
    .onConflictDoNothing({ target: settlementEntries.sourceKey })
    .returning({ id: settlementEntries.id });
  return booked.length;
}

export type NewRewardEntry = {
  userId: string;
  orderId: string | null;
  kind: RewardKind;
  amountPaise: number;
  sourceKey: string;
  reference?: string | null;
  createdByUserId?: string | null;
};

export async function bookReward(db: Database, row: NewRewardEntry): Promise<boolean> {
  if (row.amountPaise === 0) return false;
  const booked = await db
    .insert(rewardEntries)
    .values(row)
    .onConflictDoNothing({ target: rewardEntries.sourceKey })
    .returning({ id: rewardEntries.id });
  return booked.length > 0;
}

/**
 * Holds the order's row until the transaction ends, so a refund and a delivery of one order book
 * their rewards one after the other, each seeing the other's rows (the facts lock it too; this
 * makes the ledger's reading safe on its own).
 */
export async function lockOrder(db: Database, orderId: string): Promise<void> {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

/** What the order's sale booked, by kind (SALE positive, the charges negative). */
export async function bookedForOrder(
  db: Database,
  orderId: string,
): Promise<Partial<Record<SettlementKind, number>>> {
  const rows = await db
    .select({ kind: settlementEntries.kind, sum: sql<number>`sum(${settlementEntries.amountPaise})::int` })
    .from(settlementEntries)
    .where(eq(settlementEntries.orderId, orderId))
    .groupBy(settlementEntries.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.sum]));
}

/** The order's reward rows so far, by kind. */
export async function rewardsForOrder(
  db: Database,
  orderId: string,
): Promise<Partial<Record<RewardKind, number>>> {
  const rows = await db
    .select({ kind: rewardEntries.kind, sum: sql<number>`sum(${rewardEntries.amountPaise})::int` })
    .from(rewardEntries)
    .where(eq(rewardEntries.orderId, orderId))
    .groupBy(rewardEntries.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.sum]));
}

/**
 * Locks the account's user row for a payout, so two payouts of one account are booked one after
 * the other and each sees the balance the other left. Nothing when there is no such account.
 */
export function lockAccount(db: Database, userId: string) {
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .then((r) => r[0]);
}

export async function settlementBalance(db: Database, sellerUserId: string) {
  const [row] = await db
    .select({
      owed: sql<number>`coalesce(sum(${settlementEntries.amountPaise}) filter (where ${settlementEntries.kind} <> 'PAYOUT'), 0)::int`,
      paid: sql<number>`coalesce(-sum(${settlementEntries.amountPaise}) filter (where ${settlementEntries.kind} = 'PAYOUT'), 0)::int`,
    })
    .from(settlementEntries)
    .where(eq(settlementEntries.sellerUserId, sellerUserId));
  const owed = row?.owed ?? 0;
  const paid = row?.paid ?? 0;
  return { owedPaise: owed, paidPaise: paid, balancePaise: owed - paid };
}

export async function rewardBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${rewardEntries.amountPaise}), 0)::int` })
    .from(rewardEntries)
    .where(eq(rewardEntries.userId, userId));
  return row?.sum ?? 0;
}

/** The seller's rows, newest first (the statement and its CSV). */
export function settlementEntriesOf(db: Database, sellerUserId: string) {
  return (
    db
      .select({
        id: settlementEntries.id,
        kind: settlementEntries.kind,
        amountPaise: settlementEntries.amountPaise,
        orderId: settlementEntries.orderId,
        reference: settlementEntries.reference,
        createdAt: settlementEntries.createdAt,
      })
      .from(settlementEntries)
      .where(eq(settlementEntries.sellerUserId, sellerUserId))
      // Rows of one fact share its time: they read in the order of SETTLEMENT_KINDS (sale first).
      .orderBy(
        desc(settlementEntries.createdAt),
        desc(
          sql`array_position(${sql.raw(`array[${SETTLEMENT_KINDS.map((k) => `'${k}'`).join(',')}]`)}, ${settlementEntries.kind})`,
        ),
        desc(settlementEntries.id),
      )
  );
}

/**
 * The admin's payouts page: every approved seller and everyone with rewards, with their balances,
 * in one statement (a sum per account over each ledger).
 */
export function payoutAccounts(db: Database, onlyUserId?: string) {
  const settlement = db
    .select({
      userId: settlementEntries.sellerUserId,
      balance: sql<number>`sum(${settlementEntries.amountPaise})::int`.as('balance'),
    })
    .from(settlementEntries)
    .groupBy(settlementEntries.sellerUserId)
    .as('settlement');
  const rewards = db
    .select({
      userId: rewardEntries.userId,
      balance: sql<number>`sum(${rewardEntries.amountPaise})::int`.as('reward_balance'),
    })
    .from(rewardEntries)
    .groupBy(rewardEntries.userId)
    .as('rewards');
  return db
    .select({
      userId: users.id,
      name: users.ownerName,
      storeName: sql<
        string | null
      >`(select ${shops.name} from ${shops} where ${shops.userId} = ${users.id} order by ${shops.createdAt} limit 1)`,
      settlementBalancePaise: sql<number>`coalesce(${settlement.balance}, 0)::int`,
      rewardBalancePaise: sql<number>`coalesce(${rewards.balance}, 0)::int`,
    })
    .from(users)
    .leftJoin(settlement, eq(settlement.userId, users.id))
    .leftJoin(rewards, eq(rewards.userId, users.id))
    .where(
      onlyUserId
        ? eq(users.id, onlyUserId)
        : sql`${users.role} = 'SELLER' or ${settlement.userId} is not null or ${rewards.userId} is not null`,
    )
    .orderBy(users.ownerName, users.id);
}

export function payoutAccount(db: Database, userId: string) {
  return payoutAccounts(db, userId).then((rows) => rows[0]);
}
