import type { FastifyReply } from 'fastify';
import type { DeletionRequestView } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { PrivacyContext } from './delete-account.js';
import { collectAccountData, exportFileName, exportZip } from './export-data.js';
import * as repo from './privacy.repository.js';

/** Deleting needs the password again: a session left open on a shared phone must not be enough. */
export async function confirmPassword(db: Database, userId: string, password: string) {
  const account = await repo.findAccount(db, userId);
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('BAD_REQUEST', 'This password is wrong', { password: 'This password is wrong' });
  }
}

/** Streams the account's ZIP; a file storage cannot give is left out and logged, not fatal. */
export async function sendExport(ctx: PrivacyContext, reply: FastifyReply, userId: string) {
  const data = await collectAccountData(ctx.db, userId);
  if (!data) throw new AppError('NOT_FOUND', 'This account no longer exists');
  const stream = exportZip(ctx.storage, data, (name, error) =>
    ctx.log.warn({ err: error, name }, 'A file of a data export could not be read from storage'),
  );
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${exportFileName()}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

export async function listDeletionRequests(db: Database, limit = 200): Promise<DeletionRequestView[]> {
  const rows = await repo.listDeletionRequests(db, limit);
  return rows.map((r) => ({
    _id: r.id,
    userId: r.userId,
    account: r.account,
    role: r.role,
    via: r.via,
    contributions: r.contributions,
    state: r.state,
    reasons: r.reasons,
    summary: r.summary ?? null,
    requestedAt: r.requestedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}
