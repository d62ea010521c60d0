import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, TEAM_RIGHTS, type TeamRight } from '@app/domain';
import { migrationsFolder } from '../../db/client.js';
import { teamRights } from '../../db/schema/index.js';
import { ROUTE_ACCESS } from '../../plugins/route-access.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

let address = 0;
/** Each request from its own address, so the walk never meets the per-IP rate limits. */
const nextAddress = () => {
  address += 1;
  return `10.${200 + Math.floor(address / 62500)}.${Math.floor(address / 250) % 250}.${address % 250}`;
};

const call = (method: string, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: token } : {},
    remoteAddress: nextAddress(),
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

async function teamMember(name: string, rights: TeamRight[]) {
  const member = await createUser(t.db, { role: 'TEAM', ownerName: name });
  const res = await call('PUT', `/api/admin/team/${member.id}/rights`, adminToken, { rights });
  expect(res.statusCode, res.body).toBe(200);
  return { ...member, token: await loginAs(t.app, member.email, member.password) };
}

/** Fills route parameters the way the authorization test does: ids with the caller's own id. */
const fill = (path: string, ownId: string) =>
  path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'page') return '1';
    if (name === 'limit') return '10';
    if (name === 'email') return 'nobody@example.com';
    return ownId;
  });

describe('team rights in the authorization table', () => {
  it('names a right on seller approval, moderation and the order list', () => {
    const needs = (route: string) => ROUTE_ACCESS[route]?.right;
    expect(needs('POST /api/users/approveSeller')).toBe('approve-sellers');
    expect(needs('POST /api/users/rejectSeller')).toBe('approve-sellers');
    expect(needs('GET /api/users/getAllUserShopDetailsWithOutMobileAndEmail')).toBe('approve-sellers');
    expect(needs('GET /api/inflncr/getPostsForModeration/:page/:limit')).toBe('moderate');
    expect(needs('POST /api/inflncr/updatePostDetWeb')).toBe('moderate');
    expect(needs('GET /api/orders/allOrders')).toBe('see-orders');
    // Team accounts and their rights stay the admin's alone.
    expect(ROUTE_ACCESS['PUT /api/admin/team/:id/rights']).toEqual({ allow: ['ADMIN'] });
  });

  it('refuses every right-protected route to a member without the right ("You are not authorized!") and lets one with it through', async () => {
    const without = await teamMember('Kiran None', []);
    const withOnly = new Map<TeamRight, Awaited<ReturnType<typeof teamMember>>>();
    for (const right of TEAM_RIGHTS) withOnly.set(right, await teamMember(`Kiran ${right}`, [right]));
    const allOthers = new Map<TeamRight, Awaited<ReturnType<typeof teamMember>>>();
    for (const right of TEAM_RIGHTS)
      allOthers.set(
        right,
        await teamMember(
          `Kiran not ${right}`,
          TEAM_RIGHTS.filter((r) => r !== right),
        ),
      );

    const protectedRoutes = Object.entries(ROUTE_ACCESS).filter(([, access]) => access.right);
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(6);
    const wrong: string[] = [];
    for (const [route, access] of protectedRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      const right = access.right!;
      for (const [who, member] of [
        ['no rights', without],
        ['every other right', allOthers.get(right)!],
      ] as const) {
        const res = await call(method, fill(path, member.id), member.token);
        if (res.statusCode !== 403 || res.json<{ message: string }>().message !== MESSAGES.notAuthorized)
          wrong.push(`${route} as a member with ${who}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      const holder = withOnly.get(right)!;
      const res = await call(method, fill(path, holder.id), holder.token);
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        wrong.push(`${route} as a member with ${right}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      const asAdmin = await call(method, fill(path, holder.id), adminToken);
      if (asAdmin.statusCode === 401 || asAdmin.statusCode === 403 || asAdmin.statusCode >= 500)
        wrong.push(`${route} as the admin: ${asAdmin.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a member with approve-sellers approve an applicant, and the member with see-orders list orders', async () => {
    const approver = await teamMember('Meena Approver', ['approve-sellers']);
    const applicant = await createUser(t.db, { role: 'USER', ownerName: 'Suresh Textiles' });
    const approved = await call('POST', '/api/users/approveSeller', approver.token, { _id: applicant.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const orders = await call('GET', '/api/orders/allOrders', approver.token);
    expect(orders.statusCode).toBe(403);
    const viewer = await teamMember('Arjun Orders', ['see-orders']);
    expect((await call('GET', '/api/orders/allOrders', viewer.token)).statusCode).toBe(200);
  });
});

describe('the admin grants and revokes', () => {
  it('sets a member’s rights as a whole, lists them on the team, and a revoke counts from the next request', async () => {
    const member = await teamMember('Deepa Moderator', []);
    const grant = await call('PUT', `/api/admin/team/${member.id}/rights`, adminToken, {
      rights: ['see-orders', 'moderate', 'moderate'],
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().Data).toMatchObject({ _id: member.id, rights: ['moderate', 'see-orders'] });
    const team = (await call('GET', '/api/admin/team', adminToken)).json<{
      Data: Array<{ _id: string; rights: string[] }>;
    }>().Data;
    expect(team.find((m) => m._id === member.id)?.rights).toEqual(['moderate', 'see-orders']);
    expect((await call('GET', '/api/orders/allOrders', member.token)).statusCode).toBe(200);

    const revoke = await call('PUT', `/api/admin/team/${member.id}/rights`, adminToken, {
      rights: ['moderate'],
    });
    expect(revoke.json().Data.rights).toEqual(['moderate']);
    // Same session, no new login: the right is gone at once.
    expect((await call('GET', '/api/orders/allOrders', member.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/inflncr/getPostsForModeration/1/10', member.token)).statusCode).toBe(200);
    await call('PUT', `/api/admin/team/${member.id}/rights`, adminToken, { rights: [] });
    expect((await call('GET', '/api/inflncr/getPostsForModeration/1/10', member.token)).statusCode).toBe(403);
  });

  it('refuses an unknown right with a message on the field, and a person who is not on the team', async () => {
    const member = await teamMember('Farhan Team', []);
    const bad = await call('PUT', `/api/admin/team/${member.id}/rights`, adminToken, {
      rights: ['delete-all'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string> }>().errors ?? {}).join()).toMatch(/rights/);
    const seller = await createUser(t.db, { role: 'SELLER' });
    const notTeam = await call('PUT', `/api/admin/team/${seller.id}/rights`, adminToken, {
      rights: ['moderate'],
    });
    expect(notTeam.statusCode).toBe(404);
  });

  it('lets nobody but the admin grant: a member with every right cannot grant themself or others', async () => {
    const everything = await teamMember('Gita All', [...TEAM_RIGHTS]);
    const other = await teamMember('Hari None', []);
    for (const token of [everything.token, (await sellerToken()).token]) {
      for (const id of [everything.id, other.id]) {
        const res = await call('PUT', `/api/admin/team/${id}/rights`, token, { rights: ['approve-sellers'] });
        expect(res.statusCode).toBe(403);
      }
    }
    expect(
      (await call('PUT', `/api/admin/team/${other.id}/rights`, null, { rights: ['moderate'] })).statusCode,
    ).toBe(401);
    const team = (await call('GET', '/api/admin/team', adminToken)).json<{
      Data: Array<{ _id: string; rights: string[] }>;
    }>().Data;
    expect(team.find((m) => m._id === other.id)?.rights).toEqual([]);
  });
});

async function sellerToken() {
  const seller = await createUser(t.db, { role: 'SELLER' });
  return { token: await loginAs(t.app, seller.email, seller.password) };
}

describe('rights in the own-account answer', () => {
  it('gives the admin every right, a member their own, everyone else none, and never another person’s', async () => {
    const member = await teamMember('Isha Orders', ['see-orders']);
    const me = async (token: string) => (await call('GET', '/api/users/me', token)).json().data.rights;
    expect(await me(adminToken)).toEqual([...TEAM_RIGHTS]);
    expect(await me(member.token)).toEqual(['see-orders']);
    expect(await me((await sellerToken()).token)).toEqual([]);

    const login = await call('POST', '/api/users/login', null, {
      userName: member.email,
      password: member.password,
    });
    expect(login.json().data.profile.rights).toEqual(['see-orders']);

    // Looking someone up (the admin team gets their public profile) never tells their rights.
    for (const token of [adminToken, member.token, null]) {
      const found = await call('GET', `/api/users/getUserbyEmail/${encodeURIComponent(member.email)}`, token);
      expect(found.body).not.toContain('see-orders');
      expect(found.body).not.toContain('"rights"');
    }
  });
});

describe('migration 0026', () => {
  it('lets the team members of before keep moderating and reading orders, and approves nothing for them', async () => {
    const earlier = await createUser(t.db, { role: 'TEAM', ownerName: 'Old Team Member' });
    const seller = await createUser(t.db, { role: 'SELLER' });
    const migration = fs.readFileSync(path.join(migrationsFolder(), '0026_team_rights.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[1]!;
    await t.db.execute(
      sql.raw(
        backfill.replace('WHERE', 'WHERE "users"."id" IN (\'' + earlier.id + "', '" + seller.id + "') AND"),
      ),
    );
    const held = async (id: string) =>
      (await t.db.select({ name: teamRights.name }).from(teamRights).where(eq(teamRights.userId, id)))
        .map((r) => r.name)
        .sort();
    expect(await held(earlier.id)).toEqual(['moderate', 'see-orders']);
    expect(await held(seller.id)).toEqual([]);
  });
});
