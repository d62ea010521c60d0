import type { GstinSeller, LegalEntities, LinkSellerAccountsRequest, PendingGstin } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './gstin-approvals.repository.js';
import { findOtherHolder, lockGstin, lockLegalEntities, lockSeller } from './tax-details.repository.js';

// The admin's side of sellers' GSTINs (issue 40, decision 069): approving or refusing the GSTIN a
// seller gave, and linking seller accounts as one legal entity so that they may share one.

/** Where the seller reads their tax details (the Tax details section of the seller console). */
const TAX_DETAILS_LINK = '/addproduct#tax-details';
const NO_REQUEST = 'No GSTIN waits for approval with this id';
const DECIDED = 'This GSTIN is no longer waiting: it was decided, or the seller gave another one';
const HELD_UNLINKED =
  "Another seller's documents carry this GSTIN and the two accounts are not linked as one legal entity: link them first, or refuse it";

const unique = (values: string[]) => [...new Set(values)];

/** Each seller as the admin reads them: owner, first store and the GSTIN its documents print. */
async function sellerCards(db: Database, userIds: string[]): Promise<Map<string, GstinSeller>> {
  const [names, stores] = await Promise.all([repo.namesOf(db, userIds), repo.storesOf(db, userIds)]);
  return new Map(
    names.map((n) => {
      const store = stores.find((s) => s.userId === n.id);
      return [
        n.id,
        { sellerUserId: n.id, name: n.name, storeName: store?.name ?? '', gstin: store?.gstin ?? '' },
      ];
    }),
  );
}

/** Only the admin reaches these (route-access.ts, the one place roles are checked). */
export async function listPendingGstins(db: Database): Promise<PendingGstin[]> {
  const rows = await repo.listPendingRequests(db);
  const sellers = unique(rows.map((r) => r.sellerUserId));
  const [stores, mates, holders] = await Promise.all([
    repo.storesOf(db, sellers),
    repo.entityMatesOf(db, sellers),
    repo.holdersOf(db, unique(rows.map((r) => r.gstin))),
  ]);
  const cards = await sellerCards(
    db,
    unique([...sellers, ...mates.map((m) => m.sellerUserId), ...holders.map((h) => h.userId)]),
  );
  return rows.map((r) => {
    const store = stores.find((s) => s.userId === r.sellerUserId);
    const entity = mates.find((m) => m.sellerUserId === r.sellerUserId)?.entityId;
    const sharedWith = mates
      .filter((m) => entity && m.entityId === entity && m.sellerUserId !== r.sellerUserId)
      .filter((m) => holders.some((h) => h.userId === m.sellerUserId && h.gstin === r.gstin))
      .map((m) => cards.get(m.sellerUserId))
      .filter((c): c is GstinSeller => c !== undefined);
    // Shown before the admin presses Approve, which refuses while any of these is not linked.
    const linked = (userId: string) =>
      entity !== undefined && mates.some((m) => m.entityId === entity && m.sellerUserId === userId);
    const heldUnlinked = unique(
      holders
        .filter((h) => h.gstin === r.gstin && h.userId !== r.sellerUserId && !linked(h.userId))
        .map((h) => h.userId),
    )
      .map((id) => cards.get(id))
      .filter((c): c is GstinSeller => c !== undefined);
    return {
      _id: r.id,
      seller: cards.get(r.sellerUserId) ?? {
        sellerUserId: r.sellerUserId,
        name: r.sellerName,
        storeName: '',
        gstin: '',
      },
      storeState: store?.state ?? '',
      legalName: store?.legalName || store?.companyName || '',
      gstin: r.gstin,
      pan: r.pan,
      requestedAt: r.requestedAt.toISOString(),
      sharedWith,
      heldUnlinked,
    };
  });
}

/** A GSTIN waiting for the admin, or why it cannot be decided. */
async function waitingRequest(db: Database, id: string) {
  const request = await repo.findRequest(db, id);
  if (!request) throw new AppError('NOT_FOUND', NO_REQUEST);
  if (request.state !== 'PENDING') throw new AppError('CONFLICT', DECIDED);
  return request;
}

/**
 * The GSTIN goes on the seller's stores: documents issued from now print it, those issued before
 * keep theirs. Refused while another seller's documents carry it and the two accounts are not
 * linked as one legal entity (checked again here: links change while a GSTIN waits).
 */
export async function approveGstin(db: Database, actor: AuthUser, id: string): Promise<void> {
  const request = await waitingRequest(db, id);
  await db.transaction(async (tx) => {
    await lockSeller(tx, request.sellerUserId);
    await lockGstin(tx, request.gstin);
    await lockLegalEntities(tx);
    if (await findOtherHolder(tx, request.sellerUserId, request.gstin, { pendingToo: false })) {
      throw new AppError('CONFLICT', HELD_UNLINKED);
    }
    const decided = await repo.decideRequest(tx, id, {
      state: 'APPROVED',
      reason: '',
      decidedById: actor.id,
      decidedByName: actor.ownerName,
    });
    if (!decided) throw new AppError('CONFLICT', DECIDED);
    await repo.setApprovedGstin(tx, request.sellerUserId, request.gstin, request.pan);
    await recordEvent(tx, {
      type: 'gstin.approved',
      payload: { recipientUserId: request.sellerUserId, gstin: request.gstin, link: TAX_DETAILS_LINK },
    });
  });
}

/** The seller's documents stay as they were; the seller is told why and reads it in Tax details. */
export async function refuseGstin(db: Database, actor: AuthUser, id: string, reason: string): Promise<void> {
  const request = await waitingRequest(db, id);
  await db.transaction(async (tx) => {
    await lockSeller(tx, request.sellerUserId);
    const decided = await repo.decideRequest(tx, id, {
      state: 'REFUSED',
      reason,
      decidedById: actor.id,
      decidedByName: actor.ownerName,
    });
    if (!decided) throw new AppError('CONFLICT', DECIDED);
    await recordEvent(tx, {
      type: 'gstin.refused',
      payload: {
        recipientUserId: request.sellerUserId,
        gstin: request.gstin,
        reason,
        link: TAX_DETAILS_LINK,
      },
    });
  });
}

export async function listLegalEntities(db: Database): Promise<LegalEntities> {
  const [accounts, members] = await Promise.all([repo.listSellerAccounts(db), repo.listEntityMembers(db)]);
  const cards = await sellerCards(
    db,
    accounts.map((a) => a.id),
  );
  const groups = new Map<string, GstinSeller[]>();
  for (const m of members) {
    const card = cards.get(m.sellerUserId);
    if (card) groups.set(m.entityId, [...(groups.get(m.entityId) ?? []), card]);
  }
  return {
    groups: [...groups].map(([entityId, list]) => ({ _id: entityId, members: list })),
    sellers: accounts.map((a) => cards.get(a.id)).filter((c): c is GstinSeller => c !== undefined),
  };
}

/**
 * Links two seller accounts as one legal entity, so that they may carry one GSTIN; an account
 * already linked brings its whole entity (linking is transitive: one entity, one group).
 */
export async function linkSellerAccounts(
  db: Database,
  actor: AuthUser,
  input: LinkSellerAccountsRequest,
): Promise<LegalEntities> {
  const { sellerUserId: a, withSellerUserId: b } = input;
  await db.transaction(async (tx) => {
    await lockLegalEntities(tx);
    for (const [field, id] of [
      ['sellerUserId', a],
      ['withSellerUserId', b],
    ] as const) {
      if (!(await repo.isOpenSeller(tx, id))) {
        const message = 'No seller account with this id';
        throw new AppError('NOT_FOUND', message, { [field]: message });
      }
    }
    const [ofA, ofB] = [await repo.entityOf(tx, a), await repo.entityOf(tx, b)];
    if (ofA && ofA === ofB) return;
    if (ofA && ofB) await repo.mergeEntities(tx, ofB, ofA);
    else if (ofA) await repo.addMember(tx, b, ofA, actor.id);
    else if (ofB) await repo.addMember(tx, a, ofB, actor.id);
    else {
      const entity = newId();
      await repo.addMember(tx, a, entity, actor.id);
      await repo.addMember(tx, b, entity, actor.id);
    }
  });
  return listLegalEntities(db);
}

/**
 * Takes an account out of its legal entity. Refused while it shares a GSTIN (carried or waiting)
 * with an account of the entity: two accounts that are not one entity never carry one GSTIN.
 */
export async function unlinkSellerAccount(db: Database, sellerUserId: string): Promise<LegalEntities> {
  await db.transaction(async (tx) => {
    await lockLegalEntities(tx);
    const entity = await repo.entityOf(tx, sellerUserId);
    if (!entity) throw new AppError('NOT_FOUND', 'This account is not linked to another');
    const shared = await repo.sharedGstinOf(tx, sellerUserId, entity);
    if (shared) {
      throw new AppError(
        'CONFLICT',
        `This account shares GSTIN ${shared} with an account it is linked to: refuse it while it waits, or the seller changes it, before unlinking`,
      );
    }
    await repo.removeMember(tx, sellerUserId, entity);
  });
  return listLegalEntities(db);
}
