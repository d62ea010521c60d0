import {
  SKILL_MESSAGES,
  type RecruiterApplication,
  type RecruiterApply,
  type RecruiterDecision,
  type RecruiterDecisionStatus,
  type RecruiterStanding,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as repo from './skills.repository.js';

/** Who is looking at skill discovery: null for a visitor (decision 026). */
export async function viewerOf(db: Database, user: AuthUser | null): Promise<repo.Viewer | null> {
  if (!user) return null;
  return { id: user.id, recruiter: await repo.isApprovedRecruiter(db, user.id) };
}

/** The caller's own recruiter standing, and whether their contact is proven so they may apply. */
export async function getRecruiterStanding(db: Database, user: AuthUser): Promise<RecruiterStanding> {
  const row = await repo.findStanding(db, user.id);
  if (!row) throw new AppError('NOT_FOUND', 'This account no longer exists');
  return {
    status: row.status ?? 'none',
    contactProven: row.contactProven,
    company: row.company ?? '',
    hiresFor: row.hiresFor ?? '',
    reason: row.reason ?? '',
  };
}

/**
 * A signed-in account asks to be a recruiter. Only a proven contact may: an approval lets the
 * account read private posts, so it must belong to someone who can be reached. Asking again
 * (after a rejection, or to change the answers) puts the request back in the admin's queue.
 */
export async function applyAsRecruiter(db: Database, user: AuthUser, input: RecruiterApply) {
  const standing = await getRecruiterStanding(db, user);
  if (!standing.contactProven) throw new AppError('FORBIDDEN', SKILL_MESSAGES.proveFirst);
  if (standing.status === 'approved') {
    throw new AppError('CONFLICT', 'You are already an approved recruiter');
  }
  await repo.upsertApplication(db, user.id, input.company, input.hiresFor);
  return getRecruiterStanding(db, user);
}

export async function listRecruiterApplications(
  db: Database,
  status: RecruiterDecisionStatus | undefined,
): Promise<RecruiterApplication[]> {
  const rows = await repo.listApplications(db, status);
  return rows.map((r) => ({
    _id: r.id,
    userId: r.userId,
    name: r.name,
    company: r.company,
    hiresFor: r.hiresFor,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  }));
}

/** The admin approves a request, or rejects it with a reason the applicant reads. */
export async function decideRecruiter(db: Database, admin: AuthUser, id: string, input: RecruiterDecision) {
  if (admin.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Only the admin approves recruiters');
  const decided = await repo.decideApplication(db, id, {
    status: input.decision === 'approve' ? 'approved' : 'rejected',
    reason: input.decision === 'approve' ? '' : input.reason,
    decidedById: admin.id,
  });
  if (!decided) throw new AppError('NOT_FOUND', 'This recruiter request does not exist');
}
