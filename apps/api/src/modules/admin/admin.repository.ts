import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TeamRight } from '@app/domain';
import type { Database } from '../../db/client.js';
import { qualified } from '../../lib/qualified.js';
import {
  applicantDecisions,
  influencerProfiles,
  rewardRemainingRupees,
  rewardTotalRupees,
  shops,
  teamRights,
  users,
} from '../../db/schema/index.js';

/**
 * Applicants of every kind (role USER, shop or not) and accounts that own a shop, newest first:
 * the admin's approval list. Contact data and password hashes are not selected.
 */
export function listApplicantsAndSellers(db: Database) {
  return db
    .select({
      id: users.id,
      ownerName: users.ownerName,
      role: users.role,
      isActive: users.isActive,
      isBrand: users.isBrand,
      details: users.details,
      affiliateCode: users.affiliateCode,
      remainingRewardAmount: rewardRemainingRupees(users.id),
      totalRewardsRolledOut: rewardTotalRupees(users.id),
      createdAt: users.createdAt,
    })
    .from(users)
    .where(sql`${users.role} = 'USER' or exists (select 1 from ${shops} where ${shops.userId} = ${users.id})`)
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** The shops of these users with the documents the admin checks. */
export function shopDocumentsOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: shops.id,
      userId: shops.userId,
      name: shops.name,
      companyName: shops.companyName,
      businessType: shops.businessType,
      gstin: shops.gstin,
      pan: shops.pan,
      city: shops.city,
      state: shops.state,
      address: shops.address,
      area: shops.area,
      pinCode: shops.pinCode,
      sellCategory: shops.sellCategory,
      media: shops.media,
    })
    .from(shops)
    .where(inArray(shops.userId, userIds))
    .orderBy(shops.createdAt);
}

/** Every decision about these applicants, newest first. */
export function decisionsOf(db: Database, applicantIds: string[]) {
  if (applicantIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      applicantId: applicantDecisions.applicantId,
      decision: applicantDecisions.decision,
      reason: applicantDecisions.reason,
      decidedByName: applicantDecisions.decidedByName,
      decidedAt: applicantDecisions.decidedAt,
    })
    .from(applicantDecisions)
    .where(inArray(applicantDecisions.applicantId, applicantIds))
    .orderBy(desc(applicantDecisions.decidedAt), desc(applicantDecisions.id));
}

/** One applicant's contact, for the admin deciding about them; staff accounts are not applicants. */
export function findApplicantContact(db: Database, id: string) {
  return db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['USER', 'SELLER', 'END_USER'])))
    .limit(1)
    .then((r) => r[0]);
}

/** The applicant, locked for the decision so two admins cannot decide at once. */
export function selectApplicantForUpdate(db: Database, id: string) {
  return db
    .select({
      id: users.id,
      ownerName: users.ownerName,
      role: users.role,
      isBrand: users.isBrand,
      details: users.details,
      hasShop: sql<boolean>`exists (select 1 from ${shops} where ${shops.userId} = ${qualified(users.id)})`,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update')
    .limit(1);
}

export function findApplicantForUpdate(db: Database, id: string) {
  return selectApplicantForUpdate(db, id).then((r) => r[0]);
}

export function insertDecision(db: Database, decision: typeof applicantDecisions.$inferInsert) {
  return db.insert(applicantDecisions).values(decision);
}

export function setRole(db: Database, id: string, role: 'SELLER' | 'END_USER') {
  return db.update(users).set({ role, isActive: true }).where(eq(users.id, id));
}

export function insertShop(db: Database, shop: typeof shops.$inferInsert) {
  return db.insert(shops).values(shop);
}

export function insertInfluencerProfileIfAbsent(
  db: Database,
  profile: typeof influencerProfiles.$inferInsert,
) {
  return db.insert(influencerProfiles).values(profile).onConflictDoNothing();
}

const grantedRights = sql<
  TeamRight[]
>`coalesce((select array_agg(${teamRights.name} order by ${teamRights.name}) from ${teamRights} where ${teamRights.userId} = ${users.id}), '{}')`;

export function listTeam(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.ownerName,
      email: users.email,
      createdAt: users.createdAt,
      rights: grantedRights,
    })
    .from(users)
    .where(eq(users.role, 'TEAM'))
    .orderBy(users.ownerName);
}

/** One TEAM account with its rights, locked so that two changes of its rights run one after the other. */
export function findTeamMemberForUpdate(db: Database, id: string) {
  return db
    .select({ id: users.id, name: users.ownerName, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'TEAM')))
    .for('update')
    .then((r) => r[0]);
}

/** Revokes the member's rights not in `rights`; grants the missing ones (kept rows keep who granted them). */
export async function replaceTeamRights(
  db: Database,
  userId: string,
  rights: TeamRight[],
  grantedById: string,
) {
  await db
    .delete(teamRights)
    .where(
      and(eq(teamRights.userId, userId), ...(rights.length > 0 ? [notInArray(teamRights.name, rights)] : [])),
    );
  if (rights.length === 0) return;
  await db
    .insert(teamRights)
    .values(rights.map((name) => ({ userId, name, grantedById })))
    .onConflictDoNothing();
}

export function insertTeamMember(db: Database, member: typeof users.$inferInsert) {
  return db
    .insert(users)
    .values(member)
    .returning({ id: users.id, name: users.ownerName, email: users.email, createdAt: users.createdAt })
    .then((r) => r[0]!);
}

/** Removes a TEAM account only; its sessions go with it (cascade), so it is signed out at once. */
export function deleteTeamMember(db: Database, id: string) {
  return db
    .delete(users)
    .where(and(eq(users.id, id), eq(users.role, 'TEAM')))
    .returning({ id: users.id })
    .then((r) => r[0]);
}
