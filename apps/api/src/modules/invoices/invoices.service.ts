import { hasTeamRight, REFUND_MESSAGES } from '@app/domain';
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
