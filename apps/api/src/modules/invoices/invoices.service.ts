import {
  GSTIN_TAKEN,
  storeStateMismatch,
  gstStateCodeOf,
  hasTeamRight,
  REFUND_MESSAGES,
  type SellerTaxDetails,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './invoices.repository.js';
import { renderTaxDocument } from './render-tax-document.js';

/**
 * Who may read an order's documents (decisions 031, 063): signed in, its buyer, its seller, and the
 * admin and team members with the see-orders right; anyone else only with the order's key, which
 * the buyer's messages and the placing device carry (or, for one PDF, its download link: `opened`).
 * The order id alone is refused, with a session or without.
 */
async function checkOrderAccess(db: Database, actor: AuthUser | null, orderId: string, keyHeld: boolean) {
  const parties = await repo.findOrderParties(db, orderId);
  if (!parties) throw new AppError('NOT_FOUND', 'Order not found');
  if (keyHeld) return;
  if (!actor) throw new AppError('FORBIDDEN', REFUND_MESSAGES.needsLink);
  if (actor.id === parties.buyerUserId || actor.id === parties.sellerUserId) return;
  if (hasTeamRight(actor, 'see-orders')) return;
  throw new AppError('FORBIDDEN', "This order's invoices are for its buyer and seller only");
}

export async function listTaxDocuments(
  db: Database,
  actor: AuthUser | null,
  orderId: string,
  keyHeld: boolean,
) {
  await checkOrderAccess(db, actor, orderId, keyHeld);
  const rows = await repo.findDocumentsOfOrder(db, orderId);
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    number: r.number,
    issuedAt: r.issuedAt.toISOString(),
    totalPaise: r.totalPaise,
  }));
}

/** The document's PDF, drawn from what was frozen when it was issued. */
export async function downloadTaxDocument(
  db: Database,
  actor: AuthUser | null,
  orderId: string,
  documentId: string,
  keyHeld: boolean,
) {
  await checkOrderAccess(db, actor, orderId, keyHeld);
  const doc = await repo.findDocument(db, orderId, documentId);
  if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
  return {
    fileName: `${doc.snapshot.title.replace(/\s+/g, '-')}-${doc.number.replace(/\//g, '-')}.pdf`,
    pdf: await renderTaxDocument(doc.snapshot),
  };
}

function requireSeller(actor: AuthUser) {
  if (actor.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller has tax details');
}

export async function readTaxDetails(db: Database, actor: AuthUser) {
  requireSeller(actor);
  const row = await repo.findTaxDetails(db, actor.id);
  if (!row) throw new AppError('NOT_FOUND', 'Your store was not found');
  // Until the seller saves their own, the details start from what they applied with.
  const storeAddress = [row.address, row.city, `${row.state} ${row.pinCode}`.trim()]
    .filter(Boolean)
    .join(', ');
  return {
    legalName: row.legalName || row.companyName,
    address: row.legalAddress || storeAddress,
    stateCode: row.gstStateCode || (row.gstin ? row.gstin.slice(0, 2) : (gstStateCodeOf(row.state) ?? '')),
    gstin: row.gstin,
    productsWithoutHsn: row.productsWithoutHsn,
  };
}

/** Later documents print these; documents already issued keep what they printed. */
export async function saveTaxDetails(db: Database, actor: AuthUser, input: SellerTaxDetails) {
  requireSeller(actor);
  const store = await repo.findTaxDetails(db, actor.id);
  if (!store) throw new AppError('NOT_FOUND', 'Your store was not found');
  // The state the store is in decides the invoices' state, and so the GSTIN (an unknown one is not judged).
  const storeCode = gstStateCodeOf(store.state);
  if (storeCode && input.stateCode !== storeCode) {
    const message = storeStateMismatch(store.state.trim(), storeCode);
    throw new AppError('BAD_REQUEST', message, { stateCode: message });
  }
  const updated = await repo.updateTaxDetails(db, actor.id, {
    legalName: input.legalName,
    legalAddress: input.address,
    gstStateCode: input.stateCode,
    gstin: input.gstin,
  });
  if (updated === 'no-store') throw new AppError('NOT_FOUND', 'Your store was not found');
  if (updated === 'taken') {
    throw new AppError('CONFLICT', GSTIN_TAKEN, { gstin: GSTIN_TAKEN });
  }
  return readTaxDetails(db, actor);
}
