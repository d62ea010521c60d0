import {
  applicantKindOf,
  approvalOf,
  hasTeamRight,
  MESSAGES,
  TEAM_RIGHTS,
  type CreateTeamMember,
  type TeamRight,
  type SellerListItem,
  type TeamMember,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { recordEvent } from '../../lib/domain-events.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuthUser } from '../../plugins/auth.js';
import { applicationDetails } from './application-details.js';
import { keepApplicationGstinIfFree } from '../invoices/tax-details.js';
import * as repo from './admin.repository.js';

const ONLY_ADMIN = 'Only the admin can do this';
const DUPLICATE_EMAIL = 'An account with this e-mail already exists';

function assertAdmin(user: AuthUser) {
  if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN', ONLY_ADMIN);
}

/** The admin, or a team member the admin gave the right (decision 028). */
function assertRight(user: AuthUser, right: TeamRight) {
  if (!hasTeamRight(user, right)) throw new AppError('FORBIDDEN', MESSAGES.notAuthorized);
}

/** The database hands rights back in its own order; the answer lists them as TEAM_RIGHTS does. */
const inOrder = (rights: readonly string[]): TeamRight[] => TEAM_RIGHTS.filter((r) => rights.includes(r));

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function createAdminService(db: Database) {
  /** Loads and checks the applicant inside the deciding transaction; the statuses are the spec's 404/406/409. */
  async function lockApplicant(tx: Database, id: string) {
    const applicant = await repo.findApplicantForUpdate(tx, id);
    if (!applicant) throw new AppError('NOT_FOUND', 'Seller not found');
    if (applicant.role === 'SELLER') throw new AppError('CONFLICT', 'Seller is already approved');
    if (applicant.role !== 'USER') {
      throw new AppError('NOT_ACCEPTABLE', 'This account did not apply and needs no approval');
    }
    return applicant;
  }

  return {
    async listApplicants(user: AuthUser): Promise<SellerListItem[]> {
      assertRight(user, 'approve-sellers');
      const rows = await repo.listApplicantsAndSellers(db);
      const ids = rows.map((r) => r.id);
      const [shops, decisions] = await Promise.all([
        repo.shopDocumentsOf(db, ids),
        repo.decisionsOf(db, ids),
      ]);
      return rows.map((u) => {
        const own = shops.filter((s) => s.userId === u.id);
        // Decisions come newest first, so the first one found is the current standing.
        const latest = decisions.find((d) => d.applicantId === u.id);
        // A re-application waits for a new decision: the rejection before it is history.
        const decided = latest?.decision === 'reapplied' ? undefined : latest;
        const kind = applicantKindOf({ ...u, hasShop: own.length > 0 });
        return {
          _id: u.id,
          ownerName: u.ownerName,
          role: u.role,
          isActive: u.isActive,
          shops: own.map((s) => ({ _id: s.id, name: s.name })),
          affiliate_code: u.affiliateCode,
          remaining_reward_amount: u.remainingRewardAmount,
          total_rewards_rolledout: u.totalRewardsRolledOut,
          createdAt: u.createdAt.toISOString(),
          kind,
          approval: {
            ...approvalOf(u.role, kind, latest),
            decidedAt: decided?.decidedAt.toISOString() ?? null,
            decidedBy: decided?.decidedByName ?? null,
          },
          application: applicationDetails(u.details, own[0]),
          history: decisions
            .filter((d) => d.applicantId === u.id)
            .map((d) => ({
              decision: d.decision,
              reason: d.reason,
              decidedBy: d.decidedByName,
              decidedAt: d.decidedAt.toISOString(),
            })),
        };
      });
    },

    /**
     * Approval lets the applicant in as what they applied for: brands and retailers become sellers
     * (a brand gets its store now, named after the company, so it has a store page and catalogue);
     * experts become active end users with a public profile to post from.
     */
    async approve(admin: AuthUser, applicantId: string) {
      assertRight(admin, 'approve-sellers');
      await db.transaction(async (tx) => {
        const applicant = await lockApplicant(tx, applicantId);
        const kind = applicantKindOf(applicant);
        if (kind === 'expert') {
          await repo.setRole(tx, applicant.id, 'END_USER');
          await repo.insertInfluencerProfileIfAbsent(tx, {
            userId: applicant.id,
            name: applicant.ownerName,
            categories: [text(applicant.details.expertise)].filter(Boolean),
            latitude: typeof applicant.details.latitude === 'number' ? applicant.details.latitude : null,
            longitude: typeof applicant.details.longitude === 'number' ? applicant.details.longitude : null,
          });
        } else {
          if (!applicant.hasShop) {
            const company = text(applicant.details.companyName) || applicant.ownerName;
            const category = text(applicant.details.sellCategory);
            await repo.insertShop(tx, {
              userId: applicant.id,
              name: company,
              companyName: company,
              sellCategory: category ? [{ parentCategory: category, childCategory: [] }] : [],
            });
          }
          await keepApplicationGstinIfFree(tx, applicant.id);
          await repo.setRole(tx, applicant.id, 'SELLER');
        }
        await repo.insertDecision(tx, {
          applicantId: applicant.id,
          decision: 'approved',
          decidedById: admin.id,
          decidedByName: admin.ownerName,
        });
        await recordEvent(tx, {
          type: 'application.approved',
          payload: { recipientUserId: applicant.id, link: '/login' },
        });
      });
    },

    /** The applicant stays unapproved and sees the reason when they log in. */
    async reject(admin: AuthUser, applicantId: string, reason: string) {
      assertRight(admin, 'approve-sellers');
      await db.transaction(async (tx) => {
        const applicant = await lockApplicant(tx, applicantId);
        await repo.insertDecision(tx, {
          applicantId: applicant.id,
          decision: 'rejected',
          reason,
          decidedById: admin.id,
          decidedByName: admin.ownerName,
        });
        // Logging in shows the reason and the form to apply again with the earlier answers.
        await recordEvent(tx, {
          type: 'application.rejected',
          payload: { recipientUserId: applicant.id, reason, link: '/login' },
        });
      });
    },

    /** Contact data stays out of the list; the admin asks for it applicant by applicant. */
    async applicantContact(user: AuthUser, id: string) {
      assertRight(user, 'approve-sellers');
      const contact = await repo.findApplicantContact(db, id);
      if (!contact) throw new AppError('NOT_FOUND', 'Seller not found');
      return contact;
    },

    async listTeam(user: AuthUser): Promise<TeamMember[]> {
      assertAdmin(user);
      return (await repo.listTeam(db)).map((m) => ({
        _id: m.id,
        name: m.name,
        email: m.email,
        createdAt: m.createdAt.toISOString(),
        rights: inOrder(m.rights),
      }));
    },

    /** The admin picks the first password; the member must choose their own at first login. */
    async addTeamMember(user: AuthUser, input: CreateTeamMember): Promise<TeamMember> {
      assertAdmin(user);
      try {
        const m = await repo.insertTeamMember(db, {
          email: input.email.trim().toLowerCase(),
          ownerName: input.name,
          role: 'TEAM',
          isActive: true,
          passwordHash: await hashPassword(input.password),
          mustChangePassword: true,
        });
        return { _id: m.id, name: m.name, email: m.email, createdAt: m.createdAt.toISOString(), rights: [] };
      } catch (error) {
        if (uniqueViolation(error) === 'users_email_key') {
          throw new AppError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
        }
        throw error;
      }
    },

    /**
     * The admin grants and revokes a member's rights by giving the whole set; a right counts from the
     * member's next request, as the access hook reads rights with the session.
     */
    async setTeamRights(user: AuthUser, id: string, rights: TeamRight[]): Promise<TeamMember> {
      assertAdmin(user);
      return db.transaction(async (tx) => {
        const member = await repo.findTeamMemberForUpdate(tx, id);
        if (!member) throw new AppError('NOT_FOUND', 'No team member with this id');
        await repo.replaceTeamRights(tx, id, rights, user.id);
        return {
          _id: member.id,
          name: member.name,
          email: member.email,
          createdAt: member.createdAt.toISOString(),
          rights: inOrder(rights),
        };
      });
    },

    async removeTeamMember(user: AuthUser, id: string) {
      assertAdmin(user);
      if (!(await repo.deleteTeamMember(db, id)))
        throw new AppError('NOT_FOUND', 'No team member with this id');
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
