import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { findSessionUser, type SessionUser } from '../modules/accounts/accounts.repository.js';
import { AppError } from '../lib/app-error.js';
import { hashToken, tokenFromHeader } from '../lib/tokens.js';
import { createRecentMap } from '../lib/recent-map.js';
import { createTtlCache } from '../lib/ttl-cache.js';

export type AuthUser = SessionUser & { sessionId: string };

/**
 * A session the route reads itself, in its own statement (config `sessionInRoute`), because the
 * auth hook did not remember it: `request.user` is null until the route settles it.
 */
export interface PendingSession {
  tokenHash: string;
  /**
   * The caller as this process last read this session, however long ago: never to be trusted as
   * such. Only a write that checks in its own statement that the session still carries exactly this
   * (placing an order: take-stock.repository.ts) may act on it, and then settles it. Null when this
   * process has not read the session, or read it as dead or bound to change its password.
   */
  presumed: AuthUser | null;
  /**
   * The caller as the route read it (null: no live session): `request.user` from now on. Throws
   * PASSWORD_CHANGE_REQUIRED as the hook does. Remembered as the hook's own lookup is, unless a
   * write forgot the remembered sessions since this request came in: a logout between the route's
   * read and this would otherwise be undone for the session memory's lifetime (decision 077).
   */
  settle(user: AuthUser | null): AuthUser | null;
  /** Looks the session up as the hook would have, then settles it: for a route that could not read it. */
  resolve(): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request (a missing token is not an error). */
    user: AuthUser | null;
    /** Set instead of `user` on a route that reads the session itself (`sessionInRoute`). */
    pendingSession: PendingSession | null;
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
    /**
     * The route reads its caller's session in a statement of its own (placing an order reads it
     * with the product, issue 42): on a session not remembered, the hook sets
     * `request.pendingSession` and looks nothing up, and the route settles it. A route that needs
     * the caller before that calls `resolve()`; the error handler does, for the language of its
     * message. Only for public routes: the access table's checks run before any handler.
     */
    sessionInRoute?: true;
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
    app.decorateRequest('pendingSession', null);
    const remembered = sessionCacheMs > 0 ? createTtlCache(sessionCacheMs, { maxEntries: 10_000 }) : null;
    // How many times the remembered sessions were forgotten: a session a route read is remembered
    // only if none was since its request came in (its read may be older than a logout's forgetting).
    let forgettings = 0;
    // The sessions read lately, as read: a route that checks one against the database in its own
    // write may presume it (PendingSession.presumed). Never forgotten with the remembered sessions:
    // nothing trusts them unchecked, and a buyer orders minutes apart (issue 42).
    const lastSeen = remembered ? createRecentMap<string, AuthUser>(10_000) : null;
    // Noted when the database answered, not on every request a remembered session serves.
    const noteRead = (tokenHash: string, user: AuthUser | null) => {
      if (user && !user.mustChangePassword) lastSeen?.set(tokenHash, user);
      else lastSeen?.delete(tokenHash);
      return user;
    };
    const lookUp = (tokenHash: string) =>
      findSessionUser(db, tokenHash, new Date()).then((user) => noteRead(tokenHash, user ?? null));
    if (remembered) {
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (!READ_ONLY.has(request.method) && !request.routeOptions.config.sessionsUnchanged) {
          remembered.clear();
          forgettings += 1;
        }
        done(null, payload);
      });
    }
    const settle = (request: FastifyRequest, user: AuthUser | null) => {
      request.user = user;
      request.pendingSession = null;
      if (user?.mustChangePassword && !MUST_CHANGE_ALLOWED.has(request.routeOptions.url ?? '')) {
        throw new AppError(
          'PASSWORD_CHANGE_REQUIRED',
          'Choose a new password first: the one-time password works only for that.',
        );
      }
      return user;
    };
    const resolveUser = async (request: FastifyRequest, tokenHash: string) =>
      settle(
        request,
        await (remembered ? remembered.get(tokenHash, () => lookUp(tokenHash)) : lookUp(tokenHash)),
      );
    const pendingFor = (request: FastifyRequest, tokenHash: string): PendingSession => {
      const since = forgettings;
      return {
        tokenHash,
        presumed: lastSeen?.get(tokenHash) ?? null,
        settle: (user) => {
          if (remembered && since === forgettings) remembered.set(tokenHash, user);
          return settle(request, noteRead(tokenHash, user));
        },
        resolve: () => resolveUser(request, tokenHash),
      };
    };
    // Callback style: an anonymous request (no token) passes without a promise of its own.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = tokenFromHeader(request.headers.authorization);
      const { config } = request.routeOptions;
      if (!token || config.withoutSession) return done();
      const tokenHash = hashToken(token);
      if (config.sessionInRoute && !remembered?.has(tokenHash)) {
        request.pendingSession = pendingFor(request, tokenHash);
        return done();
      }
      resolveUser(request, tokenHash).then(() => done(), done);
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
