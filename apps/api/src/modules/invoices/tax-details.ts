import {
  GSTIN_TAKEN,
  gstStateCodeOf,
  storeStateMismatch,
  type SellerTaxDetails,
  type SellerTaxDetailsView,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './tax-details.repository.js';

const STORE_NOT_FOUND = 'Your store was not found';

function requireSeller(actor: AuthUser) {
  if (actor.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller has tax details');
}

/**
 * What the seller's documents print, and the GSTIN they gave last while it waits for the admin or
 * when the admin refused it (decision 069).
 */
export async function readTaxDetails(db: Database, actor: AuthUser): Promise<SellerTaxDetailsView> {
  requireSeller(actor);
  const [row, latest] = await Promise.all([
    repo.findTaxDetails(db, actor.id),
    repo.findLatestGstinRequest(db, actor.id),
  ]);
  if (!row) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
  // Until the seller saves their own, the details start from what they applied with.
  const storeAddress = [row.address, row.city, `${row.state} ${row.pinCode}`.trim()]
    .filter(Boolean)
    .join(', ');
  const pending = latest?.state === 'PENDING' ? latest : undefined;
  const review =
    latest && (latest.state === 'PENDING' || latest.state === 'REFUSED')
      ? {
          state: latest.state,
          gstin: latest.gstin,
          requestedAt: latest.requestedAt.toISOString(),
          reason: latest.reason,
          decidedAt: latest.decidedAt?.toISOString() ?? null,
        }
      : null;
  const gstin = pending?.gstin ?? row.gstin;
  return {
    legalName: row.legalName || row.companyName,
    address: row.legalAddress || storeAddress,
    stateCode: row.gstStateCode || (gstin ? gstin.slice(0, 2) : (gstStateCodeOf(row.state) ?? '')),
    gstin,
    pan: pending?.pan ?? row.pan,
    approvedGstin: row.gstin,
    gstinReview: review,
    productsWithoutHsn: row.productsWithoutHsn,
  };
}

/**
 * The legal name, address and state count from the next document. A GSTIN is different: the one
 * already approved, or none (bills of supply), counts at once; a new one waits for an admin's
 * approval (decision 069) and documents print the approved one meanwhile. Documents already issued
 * keep what they printed. A GSTIN another seller holds or asks for is refused unless an admin
 * linked the two accounts as one legal entity.
 */
export async function saveTaxDetails(db: Database, actor: AuthUser, input: SellerTaxDetails) {
  requireSeller(actor);
  const store = await repo.findTaxDetails(db, actor.id);
  if (!store) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
  // The state the store is in decides the invoices' state, and so the GSTIN (an unknown one is not judged).
  const storeCode = gstStateCodeOf(store.state);
  if (storeCode && input.stateCode !== storeCode) {
    const message = storeStateMismatch(store.state.trim(), storeCode);
    throw new AppError('BAD_REQUEST', message, { stateCode: message });
  }
  await db.transaction(async (tx) => {
    await repo.lockSeller(tx, actor.id);
    const current = await repo.findTaxDetails(tx, actor.id);
    if (!current) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
    const details = {
      legalName: input.legalName,
      legalAddress: input.address,
      gstStateCode: input.stateCode,
    };
    if (!input.gstin || input.gstin === current.gstin) {
      // Nothing new to approve: the approved GSTIN again, or none at all.
      await repo.withdrawPendingRequest(tx, actor.id);
      await repo.updateStoreTaxDetails(tx, actor.id, { ...details, gstin: input.gstin, pan: input.pan });
      return;
    }
    await repo.lockGstin(tx, input.gstin);
    if (await repo.findOtherHolder(tx, actor.id, input.gstin, { pendingToo: true })) {
      throw new AppError('CONFLICT', GSTIN_TAKEN, { gstin: GSTIN_TAKEN });
    }
    await repo.updateStoreTaxDetails(tx, actor.id, details);
    const pending = await repo.findPendingRequest(tx, actor.id);
    // The same GSTIN saved again keeps its place in the admin's queue.
    if (pending?.gstin === input.gstin && pending.pan === input.pan) return;
    await repo.withdrawPendingRequest(tx, actor.id);
    await repo.insertPendingRequest(tx, actor.id, input.gstin, input.pan);
  });
  return readTaxDetails(db, actor);
}

/**
 * Approving a business applicant (admin.service), in its transaction: the GSTIN they applied with,
 * on their store since they applied, is one seller's (decision 069). It stays on their documents
 * unless another seller's carry it (or wait for it) and the two are not one legal entity; then the
 * new seller starts with bills of supply and the GSTIN waits among the admin's GSTINs, where the two
 * accounts can be linked (both sellers by then) and it approved.
 */
export async function keepApplicationGstinIfFree(tx: Database, applicantId: string): Promise<void> {
  const store = await repo.findTaxDetails(tx, applicantId);
  const gstin = store?.gstin;
  if (!gstin) return;
  await repo.lockGstin(tx, gstin);
  if (!(await repo.findOtherHolder(tx, applicantId, gstin, { pendingToo: true }))) return;
  await repo.clearGstin(tx, applicantId);
  await repo.insertPendingRequest(tx, applicantId, gstin, gstin.slice(2, 12));
}
