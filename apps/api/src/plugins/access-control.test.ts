import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@app/domain';
import { products, shops } from '../db/schema/index.js';
import { insertSession } from '../modules/accounts/accounts.repository.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { createTestApp, createUser, type TestApp } from '../test/test-app.js';
import { CALLERS, PUBLIC_PREFIXES, ROUTE_ACCESS, roleAllows } from './route-access.js';

let t: TestApp;
const users = {} as Record<Role, { id: string }>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['END_USER', 'USER', 'SELLER', 'TEAM', 'ADMIN'] as const) {
    users[role] = await createUser(t.db, { role });
  }
});
afterAll(async () => {
  await t.close();
});

/** A fresh session per request, so a walked logout never signs out the next request. */
async function tokenFor(userId: string) {
  const token = newToken();
  await insertSession(t.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

let address = 0;
/** Each request from its own address: the walk must not run into the per-IP rate limits. */
const nextAddress = () => {
  address += 1;
  return `10.${100 + Math.floor(address / 62500)}.${Math.floor(address / 250) % 250}.${address % 250}`;
};

async function send(method: string, url: string, caller: string, payload?: object) {
  const userId = caller === 'anonymous' ? null : (users[caller as Role]?.id ?? caller);
  const headers = userId ? { authorization: await tokenFor(userId) } : {};
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

/** Fills route parameters: the caller's own id where an id goes, so ownership rules by parameter pass. */
function fill(path: string, ownId: string) {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'page') return '1';
    if (name === 'limit') return '10';
    if (name === 'email') return 'nobody@example.com';
    return ownId;
  });
}

const isDocs = (route: string) => PUBLIC_PREFIXES.some((p) => route.split(' ')[1]!.startsWith(p));

describe('the authorization table', () => {
  it('has an entry for every registered /api route, and no entry for a route that does not exist', () => {
    const registered = new Set(t.app.apiRoutes.filter((r) => !r.startsWith('HEAD ') && !isDocs(r)));
    const missing = [...registered].filter((r) => !Object.hasOwn(ROUTE_ACCESS, r));
    expect(missing, 'routes without an entry in plugins/route-access.ts').toEqual([]);
    const stale = Object.keys(ROUTE_ACCESS).filter((r) => !registered.has(r));
    expect(stale, 'entries in plugins/route-access.ts for routes that are not registered').toEqual([]);
  });

  it('answers every route for every role as the table says: allowed ones pass the gate, others get 401 or 403', async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const ownId = caller === 'anonymous' ? 'cccccccccccccccccccccccc' : users[caller].id;
        const res = await send(method, fill(path, ownId), caller);
        const allowed = roleAllows(access, caller);
        const expected = allowed ? 'not 401/403' : caller === 'anonymous' ? '401' : '403';
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === (caller === 'anonymous' ? 401 : 403);
        if (!ok)
          wrong.push(
            `${route} as ${caller}: ${res.statusCode}, expected ${expected} (${res.body.slice(0, 120)})`,
          );
      }
    }
    expect(wrong).toEqual([]);
    // Every route for five callers, one after the other: 15 s alone, over 30 s beside CI's journeys.
  }, 120_000);

  it('refuses parameter-owned routes for another user’s id, except to the staff the entry names', async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      const owner = access.owner;
      if (!owner || typeof owner !== 'object') continue;
      const [method, path] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        if (!roleAllows(access, caller) || caller === 'anonymous') continue;
        const other = caller === 'SELLER' ? users.END_USER.id : users.SELLER.id;
        const res = await send(method, fill(path, other), caller);
        const staff = caller === 'ADMIN' || caller === 'TEAM';
        const expected = owner.staffToo && staff ? 200 : 403;
        if (res.statusCode !== expected)
          wrong.push(`${route} as ${caller} on another's id: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a route that has no entry, for everyone', async () => {
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ config: t.config, db: t.db });
    app.register(
      async (api) => {
        api.get('/unlisted', async () => ({ secret: true }));
      },
      { prefix: '/api' },
    );
    await app.ready();
    for (const caller of ['anonymous', 'ADMIN'] as const) {
      const headers = caller === 'ADMIN' ? { authorization: await tokenFor(users.ADMIN.id) } : {};
      const res = await app.inject({ url: '/api/unlisted', headers });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('secret');
    }
    await app.close();
  });
});

describe("a seller and another seller's products and store", () => {
  const draft = (model: string) => ({
    productName: `Stride ${model}`,
    brand: 'Stride',
    model,
    colour: 'Black',
    size: '9',
    ogPrice: 2000,
    dsctPrice: 1800,
    retailPrice: 2500,
    dsctRetailPrice: 2200,
    gender: 'Men',
    category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
  });
  let a: { id: string };
  let b: { id: string };
  let productOfA: string;

  beforeAll(async () => {
    a = await createUser(t.db, { role: 'SELLER' });
    b = await createUser(t.db, { role: 'SELLER' });
    for (const [seller, name] of [
      [a, 'Alpha Shoes'],
      [b, 'Beta Shoes'],
    ] as const) {
      await t.db
        .insert(shops)
        .values({ userId: seller.id, name, city: 'Bengaluru', latitude: 12.9, longitude: 77.6 });
    }
    const created = await send('POST', '/api/products/createNewProduct', a.id, draft('Alpha'));
    expect(created.statusCode, created.body).toBe(201);
    productOfA = created.json().Data._id;
    expect((await send('POST', '/api/products/createNewProduct', b.id, draft('Beta'))).statusCode).toBe(201);
  });

  it("cannot change, disable or list the disabled products of another seller's store", async () => {
    const update = await send('POST', '/api/products/updateProduct', b.id, {
      _id: productOfA,
      model: 'Hijacked',
    });
    expect(update.statusCode).toBe(403);
    const disable = await send('POST', '/api/products/enableDisablePrdct', b.id, {
      _id: productOfA,
      status: false,
    });
    expect(disable.statusCode).toBe(403);
    const [row] = await t.db.select().from(products).where(eq(products.id, productOfA));
    expect(row).toMatchObject({ model: 'Alpha', isActive: true });
    const all = await send('GET', `/api/products/getAllProductOnUserId/${a.id}/true/1/10`, b.id);
    expect(all.statusCode).toBe(403);
    expect(
      (await send('GET', `/api/products/getAllProductOnUserId/${a.id}/true/1/10`, a.id)).statusCode,
    ).toBe(200);
  });

  it('changes only its own store, seller fields and export, whatever the request names', async () => {
    // The store is never named in the request: naming one is refused, and the call acts on its own.
    const named = await send('POST', '/api/shop/updateMyStore', b.id, { name: 'Taken Over', userId: a.id });
    expect(named.statusCode).toBe(400);
    const store = await send('POST', '/api/shop/updateMyStore', b.id, { name: 'Renamed Store' });
    expect(store.statusCode).toBe(200);
    const names = await t.db.select({ userId: shops.userId, name: shops.name }).from(shops);
    expect(names.find((s) => s.userId === a.id)?.name).toBe('Alpha Shoes');
    expect(names.find((s) => s.userId === b.id)?.name).toBe('Renamed Store');
    const field = await send('POST', '/api/shop/updateSellerField', b.id, {
      affiliate_code: 'BETA10',
      _id: a.id,
    });
    expect(field.statusCode).toBe(200);
    const csv = await send('GET', '/api/products/exportCsv', b.id);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Beta');
    expect(csv.body).not.toContain('Alpha');
  });

  it('cannot verify a purchase of its own product on a review: only the admin and the team can', async () => {
    const res = await send('POST', '/api/inflncr/updatePostDetWeb', a.id, {
      postId: 'dddddddddddddddddddddddd',
      products: [{ productID: productOfA }],
    });
    expect(res.statusCode).toBe(403);
  });
});
