import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser } from '../modules/accounts/accounts.repository.js';
import { hashToken } from '../lib/tokens.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../test/test-app.js';
import { authPlugin } from './auth.js';

// A route that reads its caller's session itself (`sessionInRoute`, as placing an order does)
// remembers what it read, as the hook remembers its own lookup, unless a write forgot the
// remembered sessions while it was reading: that write may have been the caller's logout.

let t: TestApp;
let app: FastifyInstance;
/** What runs between the route's read and its settling. */
let meanwhile: () => Promise<unknown> = async () => undefined;

beforeAll(async () => {
  t = await createTestApp();
  app = Fastify();
  await app.register(authPlugin, { db: t.db, sessionCacheMs: 60_000 });
  app.post('/own-read', { config: { sessionInRoute: true, sessionsUnchanged: true } }, async (request) => {
    const pending = request.pendingSession;
    if (!pending) return { caller: request.user?.id ?? null, remembered: true };
    const user = await findSessionUser(t.db, pending.tokenHash, new Date());
    await meanwhile();
    return { caller: pending.settle(user ?? null)?.id ?? null, remembered: false };
  });
  // Any write not marked `sessionsUnchanged` forgets every remembered session (a logout is one).
  app.post('/some-write', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const ownRead = async (token: string) =>
  (await app.inject({ method: 'POST', url: '/own-read', headers: { authorization: token } })).json<{
    caller: string | null;
    remembered: boolean;
  }>();

/** Ends the session in the database, as a logout does before its answer forgets the memory. */
const endSession = (token: string) =>
  t.pool.query('delete from sessions where token_hash = $1', [hashToken(token)]);

describe('a session a route read itself', () => {
  it('is remembered for the next request', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    expect(await ownRead(token)).toEqual({ caller: user.id, remembered: false });
    expect(await ownRead(token)).toEqual({ caller: user.id, remembered: true });
  });

  it('is not remembered when a write forgot the sessions during its read: a logout stays a logout', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    meanwhile = async () => {
      await endSession(token);
      await app.inject({ method: 'POST', url: '/some-write' });
    };
    try {
      // Read while the session was live, settled after the logout's forgetting.
      expect(await ownRead(token)).toEqual({ caller: user.id, remembered: false });
    } finally {
      meanwhile = async () => undefined;
    }
    expect(await ownRead(token)).toEqual({ caller: null, remembered: false });
  });
});
