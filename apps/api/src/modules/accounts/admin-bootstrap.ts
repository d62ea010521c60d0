import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import * as repo from './accounts.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@revuhub.local';

/**
 * The spec's client checks one fixed admin e-mail in the browser; here the admin is a real account
 * with the ADMIN role that the API checks. It is created once, on the first start of an empty database.
 */
export async function ensureAdmin(
  db: Database,
  options: { email?: string | undefined; password?: string | undefined },
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  if ((await repo.countUsersByRole(db, 'ADMIN')) > 0) return { created: false, email };

  const generatedPassword = options.password ? undefined : generatePassword();
  const password = options.password ?? generatedPassword!;
  await repo.insertUser(db, {
    email,
    ownerName: 'Admin',
    role: 'ADMIN',
    isActive: true,
    passwordHash: await hashPassword(password),
    mustChangePassword: false,
  });
  log.info(`Admin account created: ${email}`);
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}
