import {
  amountInWords,
  financialYearOf,
  gstStateCodeOf,
  gstStateName,
  invoiceDateOf,
  orderNumberOf,
  splitInclusive,
  supplyOf,
  TAX_DOCUMENT_TITLES,
  taxDocumentNumber,
  type TaxDocumentKind,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { TaxDocumentLine, TaxDocumentSnapshot } from '../../db/schema/index.js';
import { reactInTransaction, type DomainEvent, type RefundEventPayload } from '../../lib/domain-events.js';
import * as repo from './invoices.repository.js';

/**
 * Tax documents react to the order's money facts in the fact's own transaction (decision 031), so
 * a document's number is taken exactly when the fact commits and given back when it rolls back:
 * - a tax invoice (or, for a seller without a GSTIN, a bill of supply) when a paid order is
 *   dispatched, or when a cash-on-delivery order is paid on delivery;
 * - a credit note for each refund of an order that has an invoice.
 */
export function registerTaxDocumentReactions(): void {
  reactInTransaction('order.dispatched', issueOnDispatch);
  reactInTransaction('order.paid', issueOnCashPayment);
  reactInTransaction('refund.succeeded', issueCreditNote);
}

async function issueOnDispatch(tx: Database, event: Extract<DomainEvent, { type: 'order.dispatched' }>) {
  // A cash-on-delivery order is invoiced when its cash is taken, not when it leaves.
  if (event.payload.paymentMethod === 'COD') return;
  await issueInvoice(tx, event.payload.orderId, new Date());
}

async function issueOnCashPayment(tx: Database, event: Extract<DomainEvent, { type: 'order.paid' }>) {
  // An order paid online is invoiced at dispatch.
  if (event.payload.paymentMethod !== 'COD') return;
  await issueInvoice(tx, event.payload.orderId, new Date());
}

const joinParts = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

/** What the order's documents share: the seller, the buyer and where the supply goes. */
function partiesOf(facts: repo.InvoiceFacts) {
  const gstin = facts.gstin ?? '';
  const sellerStateCode =
    (gstin ? gstin.slice(0, 2) : '') || facts.gstStateCode || gstStateCodeOf(facts.shopState ?? '') || '';
  const a = facts.address;
  // Goods go where they are delivered; a state we cannot read is taken as the seller's own.
  const deliveredTo = gstStateCodeOf(a.state);
  const placeCode = deliveredTo ?? sellerStateCode;
  return {
    seller: {
      legalName: facts.legalName || facts.companyName || facts.shopName || facts.sellerName,
      address:
        facts.legalAddress ||
        joinParts(
          facts.shopAddress ?? '',
          facts.shopCity ?? '',
          `${facts.shopState ?? ''} ${facts.shopPinCode ?? ''}`,
        ),
      gstin,
      stateCode: sellerStateCode,
      stateName: gstStateName(sellerStateCode),
    },
    buyer: {
      name: `${a.firstName} ${a.lastName}`.trim(),
      address: joinParts(a.houseNo, a.street, a.landmark, a.city, `${a.state} ${a.pinCode}`, a.country),
      gstin: facts.channel === 'b2b' ? (facts.buyerGstin ?? '') : '',
    },
    placeOfSupply: { stateCode: placeCode, stateName: deliveredTo ? gstStateName(deliveredTo) : a.state },
    supply: supplyOf(gstin, sellerStateCode, placeCode),
  };
}

function lineOf(
  description: string,
  hsn: string,
  quantity: number,
  totalPaise: number,
  ratePercent: number,
  supply: TaxDocumentSnapshot['supply'],
): TaxDocumentLine {
  const split = splitInclusive(totalPaise, ratePercent, supply);
  return {
    description,
    hsn,
    quantity,
    unitPricePaise: quantity > 0 ? Math.round(totalPaise / quantity) : totalPaise,
    ratePercent: supply === 'untaxed' ? 0 : ratePercent,
    ...split,
  };
}

function totalsOf(lines: TaxDocumentLine[]): TaxDocumentSnapshot['totals'] {
  const sum = (k: keyof TaxDocumentSnapshot['totals']) => lines.reduce((s, l) => s + l[k], 0);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

async function numbered(tx: Database, sellerUserId: string, kind: TaxDocumentKind, at: Date) {
  const financialYear = financialYearOf(at);
  const serial = await repo.takeSerial(tx, { sellerUserId, kind, financialYear });
  return { financialYear, serial, number: taxDocumentNumber(kind, financialYear, serial) };
}

/**
 * Issues the order's tax invoice (bill of supply without a GSTIN), once, from the stored order:
 * the product line at its GST-inclusive price, and what the buyer paid beyond it (delivery) as a
 * line at the same rate, since delivery follows the goods it carries (a composite supply).
 */
export async function issueInvoice(tx: Database, orderId: string, at: Date): Promise<void> {
  if (await repo.findInvoiceOfOrder(tx, orderId)) return;
  const facts = await repo.findInvoiceFacts(tx, orderId);
  if (!facts) return;
  const parties = partiesOf(facts);
  const kind: TaxDocumentKind = parties.supply === 'untaxed' ? 'BILL_OF_SUPPLY' : 'TAX_INVOICE';
  const paidPaise = facts.amount * 100;
  const goodsPaise = Math.min(paidPaise, facts.unitPrice * facts.quantity * 100);
  const lines = [
    lineOf(facts.productName, facts.hsnCode, facts.quantity, goodsPaise, facts.gstRate, parties.supply),
  ];
  if (paidPaise > goodsPaise) {
    lines.push(
      lineOf('Delivery charges', facts.hsnCode, 1, paidPaise - goodsPaise, facts.gstRate, parties.supply),
    );
  }
  const totals = totalsOf(lines);
  const { financialYear, serial, number } = await numbered(tx, facts.sellerUserId, kind, at);
  await repo.insertTaxDocument(tx, {
    orderId,
    sellerUserId: facts.sellerUserId,
    kind,
    financialYear,
    serial,
    number,
    totalPaise: totals.totalPaise,
    issuedAt: at,
    snapshot: {
      title: TAX_DOCUMENT_TITLES[kind],
      number,
      date: invoiceDateOf(at),
      orderNumber: orderNumberOf(orderId),
      ...parties,
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
    },
  });
  // Refunds made before dispatch (part of a paid order) are credited against the new invoice.
  for (const refund of await repo.findSucceededRefunds(tx, orderId)) await creditRefund(tx, refund);
}

/**
 * A credit note for one refund: the refunded amount split at the invoice's rate and between the
 * same states, numbered in the seller's credit note series. A refund of an order never invoiced
 * (cancelled before dispatch) corrects no invoice and needs none.
 */
async function issueCreditNote(tx: Database, event: Extract<DomainEvent, { type: 'refund.succeeded' }>) {
  await creditRefund(tx, event.payload);
}

async function creditRefund(tx: Database, p: RefundEventPayload) {
  if (p.refundPaise <= 0 || (await repo.creditNoteExists(tx, p.refundId))) return;
  const invoice = await repo.findInvoiceOfOrder(tx, p.orderId);
  if (!invoice) return;
  const was = invoice.snapshot;
  const first = was.lines[0];
  const rate = first?.ratePercent ?? 0;
  const at = new Date();
  const lines = [
    lineOf(
      `Refund: ${first?.description ?? p.productName}`,
      first?.hsn ?? '',
      0,
      p.refundPaise,
      rate,
      was.supply,
    ),
  ];
  const totals = totalsOf(lines);
  const { financialYear, serial, number } = await numbered(tx, p.sellerUserId, 'CREDIT_NOTE', at);
  await repo.insertTaxDocument(tx, {
    orderId: p.orderId,
    sellerUserId: p.sellerUserId,
    kind: 'CREDIT_NOTE',
    financialYear,
    serial,
    number,
    refundId: p.refundId,
    totalPaise: totals.totalPaise,
    issuedAt: at,
    snapshot: {
      title: TAX_DOCUMENT_TITLES.CREDIT_NOTE,
      number,
      date: invoiceDateOf(at),
      orderNumber: was.orderNumber,
      against: { number: was.number, date: was.date, reason: p.reason },
      seller: was.seller,
      buyer: was.buyer,
      placeOfSupply: was.placeOfSupply,
      supply: was.supply,
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
    },
  });
}
