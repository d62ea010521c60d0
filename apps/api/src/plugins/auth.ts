import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { findSessionUser, type SessionUser } from '../modules/accounts/accounts.repository.js';
import { AppError } from '../lib/app-error.js';
import { hashToken, tokenFromHeader } from '../lib/tokens.js';
import { createTtlCache } from '../lib/ttl-cache.js';

export type AuthUser = SessionUser & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request (a missing token is not an error). */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route writes, but never a session nor anything a session carries (the account's role,
     * rights, activation, name, e-mail, language, password state), so remembered sessions stay
     * remembered after it. Only for hot writes reviewed for it (placing an order); every other write
     * forgets them all.
     */
    sessionsUnchanged?: true;
    /**
     * The route reads no session: its Authorization header is never looked up and its caller is
     * anonymous. Only the benchmarks' order floor (bench-floor.ts), which stands for the order's
     * writes without the app's work, a session lookup included.
     */
    withoutSession?: true;
  }
}

/** What a session that must change its one-time password may still call. */
const MUST_CHANGE_ALLOWED = new Set(['/api/users/changePassword', '/api/users/me', '/api/users/logout']);

/** Methods that change nothing: every other request may have revoked a session or changed a role. */
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the `Authorization` token on every request; an unknown or expired token counts as
 * anonymous. A session whose account must change its one-time password gets 403
 * PASSWORD_CHANGE_REQUIRED everywhere else: the browser's own redirect was the only check before.
 *
 * With `sessionCacheMs`, a session is looked up once and trusted that long (decision 036): a
 * signed-in seller's page then costs its own statement only. Any request that may write (not GET,
 * HEAD or OPTIONS) forgets every remembered session before its answer is sent, so a logout, a
 * revoked session or a changed role is seen at once in this process; another process of a
 * deployment sees it within `sessionCacheMs`. The exception is a route marked `sessionsUnchanged`:
 * deny by default, so a write nobody reviewed for it still forgets them. Orders are marked: a
 * buyer's order otherwise cost a session lookup every time (one statement of its three, and on
 * a small virtual machine each round trip costs the server more than building its statement).
 */
export const authPlugin = fp<{ db: Database; sessionCacheMs?: number }>(
  async (app: FastifyInstance, { db, sessionCacheMs = 0 }) => {
    app.decorateRequest('user', null);
    const remembered = sessionCacheMs > 0 ? createTtlCache(sessionCacheMs, { maxEntries: 10_000 }) : null;
    const lookUp = (tokenHash: string) =>
      findSessionUser(db, tokenHash, new Date()).then((user) => user ?? null);
    if (remembered) {
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (!READ_ONLY.has(request.method) && !request.routeOptions.config.sessionsUnchanged) {
          remembered.clear();
        }
        done(null, payload);
      });
    }
    const resolveUser = async (request: FastifyRequest, token: string) => {
      const tokenHash = hashToken(token);
      request.user = await (remembered
        ? remembered.get(tokenHash, () => lookUp(tokenHash))
        : lookUp(tokenHash));
      if (request.user?.mustChangePassword && !MUST_CHANGE_ALLOWED.has(request.routeOptions.url ?? '')) {
        throw new AppError(
          'PASSWORD_CHANGE_REQUIRED',
          'Choose a new password first: the one-time password works only for that.',
        );
      }
    };
    // Callback style: an anonymous request (no token) passes without a promise of its own.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token || request.routeOptions.config.withoutSession) return done();
      resolveUser(request, token).then(() => done(), done);
    });
  },
  { name: 'auth' },
);

/**
 * The signed-in caller, for handlers of routes the authorization table (route-access.ts) opens to
 * signed-in callers only, the one place roles are checked: present there, 401 otherwise.
 */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return request.user;
}
