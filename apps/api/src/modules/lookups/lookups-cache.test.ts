import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed/index.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { countStatements, type StatementCounter } from '../../test/statement-counter.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

// Reference lists are read through a cache: these tests count the statements that actually reach
// the database (the run's PostgreSQL server, test/global-setup.ts) and fail when a cached read does.

let t: TestApp;
let db: StatementCounter;
let adminToken: string;

interface Named {
  _id: string;
  name: string;
}
type Tree = Array<{
  _id: string;
  parentCategory: string;
  childCategorys: Array<{ childCategoryName: string }>;
}>;

const READS = [
  '/api/states/getAllStates',
  '/api/city/getAllcities',
  '/api/country/getAllCountries',
  '/api/category/getAllParentCategory',
  '/api/inflncr/getAllInflncrCate',
];

async function get<T>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

/** Statements sent while reading `url` once. */
async function statementsToRead(url: string) {
  return db.during(() => t.app.inject({ method: 'GET', url }));
}

function asAdmin(method: 'POST' | 'PATCH', url: string, payload: object, token = adminToken) {
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { demo: false, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
  db = countStatements(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('cached reference lists', () => {
  it('read the database once, then answer from memory', async () => {
    for (const url of READS) {
      expect(await statementsToRead(url), `first read of ${url}`).toBeGreaterThan(0);
      const repeated = await db.during(async () => {
        for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url });
      });
      expect(repeated, `20 more reads of ${url}`).toBe(0);
    }
  });

  it('keep one entry per filter, since the filter changes the answer', async () => {
    const countries = await get<{ data: Named[] }>('/api/country/getAllCountries');
    const nepal = countries.data.find((c) => c.name === 'Nepal')!;
    const url = `/api/states/getAllStates?country_id=${nepal._id}`;
    expect(await statementsToRead(url)).toBeGreaterThan(0);
    expect((await get<{ data: Named[] }>(url)).data).toEqual([]);
    expect(await statementsToRead(url)).toBe(0);
    expect((await get<{ data: Named[] }>('/api/states/getAllStates')).data).toHaveLength(36);
  });

  it('send a strong ETag and answer a matching If-None-Match with an empty 304', async () => {
    for (const url of [...READS, '/api/site/settings']) {
      const first = await t.app.inject({ method: 'GET', url });
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).toBe(etag);
    }
  });
});

describe('admin edits of reference data', () => {
  it('show a new city on the next read, and reload only the city lists it changes', async () => {
    const states = await get<{ data: Named[] }>('/api/states/getAllStates');
    const karnataka = states.data.find((s) => s.name === 'Karnataka')!;
    const kerala = states.data.find((s) => s.name === 'Kerala')!;
    const inKarnataka = `/api/city/getAllcities?state_id=${karnataka._id}`;
    const inKerala = `/api/city/getAllcities?state_id=${kerala._id}`;
    const before = await t.app.inject({ method: 'GET', url: inKarnataka });
    await get(inKerala);
    await get('/api/city/getAllcities');

    const added = await asAdmin('POST', '/api/admin/lookups/cities', {
      state_id: karnataka._id,
      name: 'Agumbe',
    });
    expect(added.statusCode).toBe(201);
    const city = added.json<{ data: Named & { state_id: string } }>().data;
    expect(city).toMatchObject({ name: 'Agumbe', state_id: karnataka._id });

    expect(await statementsToRead(inKarnataka)).toBeGreaterThan(0);
    expect(await statementsToRead('/api/city/getAllcities')).toBeGreaterThan(0);
    expect(await statementsToRead(inKerala)).toBe(0);
    expect(await statementsToRead('/api/states/getAllStates')).toBe(0);
    expect((await get<{ data: Named[] }>(inKarnataka)).data.map((c) => c.name)).toContain('Agumbe');

    // The browser's old copy is no longer current.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: inKarnataka,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(before.headers.etag);

    const renamed = await asAdmin('PATCH', `/api/admin/lookups/cities/${city._id}`, { name: 'Agumbe Ghat' });
    expect(renamed.statusCode).toBe(200);
    expect((await get<{ data: Named[] }>(inKarnataka)).data.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Agumbe Ghat']),
    );
    expect((await get<{ data: Named[] }>(inKarnataka)).data.map((c) => c.name)).not.toContain('Agumbe');
    expect(await statementsToRead(inKerala)).toBe(0);
  });

  it('show new and renamed categories and sub-categories, leaving other lists cached', async () => {
    await get('/api/category/getAllParentCategory');
    await get('/api/inflncr/getAllInflncrCate');

    const parent = await asAdmin('POST', '/api/admin/lookups/parent-categories', { parentCategory: 'Toys' });
    expect(parent.statusCode).toBe(201);
    const parentId = parent.json<{ data: { _id: string } }>().data._id;
    const child = await asAdmin('POST', '/api/admin/lookups/child-categories', {
      parent_id: parentId,
      childCategoryName: 'Board Games',
    });
    expect(child.statusCode).toBe(201);
    expect(await statementsToRead('/api/inflncr/getAllInflncrCate')).toBe(0);

    let tree = (await get<{ Data: Tree }>('/api/category/getAllParentCategory')).Data;
    const toys = tree.find((p) => p._id === parentId)!;
    expect(toys.parentCategory).toBe('Toys');
    expect(toys.childCategorys.map((c) => c.childCategoryName)).toEqual(['Board Games']);
    expect(tree.at(-1)?._id).toBe(parentId);

    const childId = child.json<{ data: { _id: string } }>().data._id;
    await asAdmin('PATCH', `/api/admin/lookups/parent-categories/${parentId}`, {
      parentCategory: 'Toys & Games',
    });
    await asAdmin('PATCH', `/api/admin/lookups/child-categories/${childId}`, {
      childCategoryName: 'Puzzles',
    });
    tree = (await get<{ Data: Tree }>('/api/category/getAllParentCategory')).Data;
    expect(tree.find((p) => p._id === parentId)).toMatchObject({
      parentCategory: 'Toys & Games',
      childCategorys: [{ childCategoryName: 'Puzzles' }],
    });
    expect(await statementsToRead('/api/inflncr/getAllInflncrCate')).toBe(0);
  });

  it('show new and renamed influencer fields, leaving the category tree cached', async () => {
    await get('/api/category/getAllParentCategory');
    const added = await asAdmin('POST', '/api/admin/lookups/influencer-categories', { field: 'astronomy' });
    expect(added.statusCode).toBe(201);
    const id = added.json<{ data: { _id: string } }>().data._id;
    expect(await statementsToRead('/api/category/getAllParentCategory')).toBe(0);
    type Fields = { data: Array<{ _id: string; field: string }> };
    expect((await get<Fields>('/api/inflncr/getAllInflncrCate')).data.map((f) => f.field)).toContain(
      'astronomy',
    );

    await asAdmin('PATCH', `/api/admin/lookups/influencer-categories/${id}`, { field: 'space science' });
    const fields = (await get<Fields>('/api/inflncr/getAllInflncrCate')).data;
    expect(fields.find((f) => f._id === id)?.field).toBe('space science');
  });

  it('add and rename hashtags, found by the tag search at once', async () => {
    const added = await asAdmin('POST', '/api/admin/lookups/hashtags', { tag: '#Monsoon Treks' });
    expect(added.statusCode).toBe(201);
    const tag = added.json<{ data: { _id: string; tag: string } }>().data;
    expect(tag.tag).toBe('monsoon-treks');
    const search = (text: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/tag/searchTag', payload: { searchValue: text } })
        .then((r) => r.json<{ data: Array<{ tag: string }> }>().data.map((d) => d.tag));
    expect(await search('monsoon')).toContain('monsoon-treks');
    await asAdmin('PATCH', `/api/admin/lookups/hashtags/${tag._id}`, { tag: 'monsoon-walks' });
    expect(await search('monsoon')).toEqual(['monsoon-walks']);
  });

  it('refuse duplicates, unknown ids and bad input with a message, and anyone but an admin', async () => {
    const duplicate = await asAdmin('POST', '/api/admin/lookups/parent-categories', {
      parentCategory: 'Fashion',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toBe('A category with this name already exists');

    const unknown = await asAdmin('PATCH', `/api/admin/lookups/cities/${'a'.repeat(24)}`, {
      name: 'Nowhere',
    });
    expect(unknown.statusCode).toBe(404);
    const noState = await asAdmin('POST', '/api/admin/lookups/cities', {
      state_id: 'b'.repeat(24),
      name: 'X',
    });
    expect(noState.statusCode).toBe(404);

    const blank = await asAdmin('POST', '/api/admin/lookups/cities', { state_id: 'zz', name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json<{ errors: Record<string, string> }>().errors).sort()).toEqual([
      'name',
      'state_id',
    ]);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lookups/hashtags',
      payload: { tag: 'sneaky' },
    });
    expect(anonymous.statusCode).toBe(401);
    const seller = await createUser(t.db, { role: 'SELLER' });
    const sellerToken = await loginAs(t.app, seller.email, seller.password);
    const forbidden = await asAdmin('POST', '/api/admin/lookups/hashtags', { tag: 'sneaky' }, sellerToken);
    expect(forbidden.statusCode).toBe(403);
    const refused = await db.during(() => get('/api/category/getAllParentCategory'));
    expect(refused).toBe(0);
  });
});
