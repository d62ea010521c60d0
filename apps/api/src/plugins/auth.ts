import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@app/domain';
import type { Database } from '../db/client.js';
import { findSessionUser, type SessionUser } from '../modules/accounts/accounts.repository.js';
import { AppError } from '../lib/app-error.js';
import { hashToken, tokenFromHeader } from '../lib/tokens.js';

export type AuthUser = SessionUser & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request (a missing token is not an error). */
    user: AuthUser | null;
  }
}

/** What a session that must change its one-time password may still call. */
const MUST_CHANGE_ALLOWED = new Set(['/api/users/changePassword', '/api/users/me', '/api/users/logout']);

/**
 * Resolves the `Authorization` token on every request; an unknown or expired token counts as
 * anonymous. A session whose account must change its one-time password gets 403
 * PASSWORD_CHANGE_REQUIRED everywhere else: the browser's own redirect was the only check before.
 */
export const authPlugin = fp<{ db: Database }>(
  async (app: FastifyInstance, { db }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) return;
      request.user = (await findSessionUser(db, hashToken(token), new Date())) ?? null;
      if (request.user?.mustChangePassword && !MUST_CHANGE_ALLOWED.has(request.routeOptions.url ?? '')) {
        throw new AppError(
          'PASSWORD_CHANGE_REQUIRED',
          'Choose a new password first: the one-time password works only for that.',
        );
      }
    });
  },
  { name: 'auth' },
);

/**
 * Route guard: `preHandler: requireRole('ADMIN')`; no roles means any signed-in user. Every /api
 * route is already gated by the authorization table (route-access.ts); this stays for callers that
 * predate it and is redundant where both apply.
 */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
    if (roles.length > 0 && !roles.includes(request.user.role)) {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this');
    }
  };
}

/** For handlers behind `requireRole`: the user is known to be present. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return request.user;
}
