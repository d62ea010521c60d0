import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaxDocumentKind } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { RefundEventPayload } from '../../lib/domain-events.js';
import {
  domainEvents,
  orders,
  products,
  shops,
  taxDocumentCounters,
  taxDocuments,
  users,
  type TaxDocumentSnapshot,
} from '../../db/schema/index.js';

// Every query of the tax documents. The documents are built from the stored order, product and
// stores (never from what a browser sent), read here inside the transaction of the fact.

const buyerShops = alias(shops, 'buyer_shops');

/** Everything an order's invoice prints, as stored now. Nothing when the order does not exist. */
export function findInvoiceFacts(tx: Database, orderId: string) {
  return tx
    .select({
      orderId: orders.id,
      sellerUserId: orders.sellerUserId,
      channel: orders.channel,
      quantity: orders.quantity,
      unitPrice: orders.unitPrice,
      amount: orders.amount,
      address: orders.address,
      productName: products.prdctName,
      gstRate: products.gstRate,
      hsnCode: products.hsnCode,
      sellerName: users.ownerName,
      shopName: shops.name,
      companyName: shops.companyName,
      legalName: shops.legalName,
      legalAddress: shops.legalAddress,
      shopAddress: shops.address,
      shopCity: shops.city,
      shopState: shops.state,
      shopPinCode: shops.pinCode,
      gstin: shops.gstin,
      gstStateCode: shops.gstStateCode,
      // A business order's buyer is a store: the GSTIN given at checkout, else the store's, is
      // printed (and makes the invoice B2B).
      buyerGstin: sql<string | null>`coalesce(${orders.buyerGstin}, ${buyerShops.gstin})`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.sellerUserId))
    .leftJoin(shops, eq(shops.userId, orders.sellerUserId))
    .leftJoin(buyerShops, eq(buyerShops.userId, orders.buyerUserId))
    .where(eq(orders.id, orderId))
    .orderBy(asc(shops.createdAt), asc(buyerShops.createdAt))
    .limit(1)
    .then((r) => r[0]);
}
export type InvoiceFacts = NonNullable<Awaited<ReturnType<typeof findInvoiceFacts>>>;

/**
 * The next serial of a seller's series in a financial year. The counter row is locked until the
 * transaction ends, so concurrent documents of one seller queue here and a rollback returns the
 * number: the series stays gapless.
 */
export async function takeSerial(
  tx: Database,
  key: { sellerUserId: string; kind: TaxDocumentKind; financialYear: string },
): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ ...key, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.sellerUserId, taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { lastSerial: sql`${taxDocumentCounters.lastSerial} + 1` },
    })
    .returning({ serial: taxDocumentCounters.lastSerial });
  if (!row) throw new Error('tax document counter returned no row');
  return row.serial;
}

export function insertTaxDocument(tx: Database, doc: typeof taxDocuments.$inferInsert) {
  return tx.insert(taxDocuments).values(doc).returning({ id: taxDocuments.id, number: taxDocuments.number });
}

/** The order's tax invoice or bill of supply, when one was issued. */
export function findInvoiceOfOrder(tx: Database, orderId: string) {
  return tx
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      snapshot: taxDocuments.snapshot,
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), sql`${taxDocuments.kind} <> 'CREDIT_NOTE'`))
    .limit(1)
    .then((r) => r[0]);
}

export function creditNoteExists(tx: Database, refundId: string) {
  return tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(eq(taxDocuments.refundId, refundId))
    .limit(1)
    .then((r) => r.length > 0);
}

/**
 * The order's refunds that went through, oldest first, as their facts recorded them: a refund made
 * before the invoice existed gets its credit note when the invoice is issued.
 */
export function findSucceededRefunds(tx: Database, orderId: string) {
  return tx
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(
      and(eq(domainEvents.type, 'refund.succeeded'), sql`${domainEvents.payload}->>'orderId' = ${orderId}`),
    )
    .orderBy(asc(domainEvents.createdAt), asc(domainEvents.id))
    .then((rows) => rows.map((r) => r.payload as RefundEventPayload));
}

/** Who may see an order's documents: its buyer and its seller (the staff by right). */
export function findOrderParties(db: Database, orderId: string) {
  return db
    .select({ buyerUserId: orders.buyerUserId, sellerUserId: orders.sellerUserId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
    .then((r) => r[0]);
}

export function findDocumentsOfOrder(db: Database, orderId: string) {
  return db
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      totalPaise: taxDocuments.totalPaise,
    })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.serial));
}

export function findDocument(db: Database, orderId: string, documentId: string) {
  return db
    .select({ number: taxDocuments.number, kind: taxDocuments.kind, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.orderId, orderId)))
    .limit(1)
    .then((r): { number: string; kind: TaxDocumentKind; snapshot: TaxDocumentSnapshot } | undefined => r[0]);
}
