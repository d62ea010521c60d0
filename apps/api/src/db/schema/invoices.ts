import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TaxDocumentKind } from '@app/domain';
import { idColumn } from './columns.js';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * The last serial each seller took in each series (tax invoices, bills of supply, credit notes)
 * and financial year (decision 031). Taken with UPDATE … RETURNING inside the transaction of the
 * fact the document records, so a fact that rolls back gives its number back: no gaps.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'tax_document_counters_pk', columns: [t.sellerUserId, t.kind, t.financialYear] }),
    check('tax_document_counters_not_negative', sql`${t.lastSerial} >= 0`),
  ],
);

/**
 * An issued tax invoice, bill of supply or credit note. `snapshot` holds everything printed, as it
 * was when issued; a trigger refuses any UPDATE (migration 0028), and no code path has one.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: idColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull(),
    /** The refund a credit note records; null for invoices and bills of supply. */
    refundId: text('refund_id'),
    totalPaise: integer('total_paise').notNull(),
    snapshot: jsonb('snapshot').$type<TaxDocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_serial_key').on(t.sellerUserId, t.kind, t.financialYear, t.serial),
    uniqueIndex('tax_documents_one_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} <> 'CREDIT_NOTE'`),
    uniqueIndex('tax_documents_refund_key')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    check('tax_documents_kind', sql`${t.kind} in ('TAX_INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE')`),
    check('tax_documents_serial_positive', sql`${t.serial} > 0`),
    check('tax_documents_credit_note_refund', sql`(${t.kind} = 'CREDIT_NOTE') = (${t.refundId} is not null)`),
  ],
);

/** One line of a document; amounts in paise, the unit price GST-inclusive as the buyer saw it. */
export interface TaxDocumentLine {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  ratePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Everything a document prints, frozen when it is issued. */
export interface TaxDocumentSnapshot {
  title: string;
  number: string;
  date: string;
  orderNumber: string;
  /** For a credit note: the invoice it corrects, and why. */
  against?: { number: string; date: string; reason: string };
  seller: { legalName: string; address: string; gstin: string; stateCode: string; stateName: string };
  buyer: { name: string; address: string; gstin: string };
  placeOfSupply: { stateCode: string; stateName: string };
  supply: 'intra-state' | 'inter-state' | 'untaxed';
  lines: TaxDocumentLine[];
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
  };
  amountInWords: string;
}
