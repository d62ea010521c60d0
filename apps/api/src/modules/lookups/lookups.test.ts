import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PATTERN } from '@app/domain';
import { seedDatabase } from '../../db/seed/index.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

interface Named {
  _id: string;
  name: string;
}

async function getJson<T>(
  url: string,
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: T }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json<T>() };
}

function searchTag(payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/tag/searchTag', payload: payload as object });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { demo: false, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
});

afterAll(async () => {
  await t?.close();
});

describe('states, cities and countries', () => {
  it('lists the states sorted by name, including Karnataka with a 24-hex id', async () => {
    const res = await getJson<{ status: number; data: Array<Named & { country_id: string }> }>(
      '/api/states/getAllStates',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const names = res.body.data.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toHaveLength(36);
    const karnataka = res.body.data.find((s) => s.name === 'Karnataka');
    expect(karnataka?._id).toMatch(ID_PATTERN);
    expect(karnataka?.country_id).toMatch(ID_PATTERN);
  });

  it('lists India first among the countries, and filters states by country', async () => {
    const countries = await getJson<{ data: Named[] }>('/api/country/getAllCountries');
    expect(countries.statusCode).toBe(200);
    expect(countries.body.data[0]?.name).toBe('India');
    const india = countries.body.data[0]!;
    const nepal = countries.body.data.find((c) => c.name === 'Nepal')!;

    const indian = await getJson<{ data: unknown[] }>(`/api/states/getAllStates?country_id=${india._id}`);
    expect(indian.body.data).toHaveLength(36);
    const nepalese = await getJson<{ data: unknown[] }>(`/api/states/getAllStates?country_id=${nepal._id}`);
    expect(nepalese.statusCode).toBe(200);
    expect(nepalese.body.data).toEqual([]);
  });

  it('filters cities by state', async () => {
    const states = await getJson<{ data: Named[] }>('/api/states/getAllStates');
    const karnataka = states.body.data.find((s) => s.name === 'Karnataka')!;
    const kerala = states.body.data.find((s) => s.name === 'Kerala')!;

    const res = await getJson<{ status: number; data: Array<Named & { state_id: string }> }>(
      `/api/city/getAllcities?state_id=${karnataka._id}`,
    );
    expect(res.statusCode).toBe(200);
    const names = res.body.data.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi']),
    );
    expect(names).not.toContain('Kochi');
    expect(res.body.data.every((c) => c.state_id === karnataka._id)).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const all = await getJson<{ data: Array<Named & { state_id: string }> }>('/api/city/getAllcities');
    expect(all.body.data.length).toBeGreaterThan(names.length);
    expect(all.body.data.some((c) => c.name === 'Kochi' && c.state_id === kerala._id)).toBe(true);
  });

  it('gives every state and union territory at least one city', async () => {
    const states = await getJson<{ data: Named[] }>('/api/states/getAllStates');
    const cities = await getJson<{ data: Array<{ state_id: string }> }>('/api/city/getAllcities');
    const withCities = new Set(cities.body.data.map((c) => c.state_id));
    expect(states.body.data.filter((s) => !withCities.has(s._id)).map((s) => s.name)).toEqual([]);
  });

  it('rejects ids that are not 24 hex characters, naming the field', async () => {
    const states = await t.app.inject({ method: 'GET', url: '/api/states/getAllStates?country_id=India' });
    expect(states.statusCode).toBe(400);
    expect(states.json<{ errors: Record<string, string> }>().errors).toHaveProperty('country_id');

    const cities = await t.app.inject({ method: 'GET', url: '/api/city/getAllcities?state_id=zz' });
    expect(cities.statusCode).toBe(400);
    expect(cities.json<{ errors: Record<string, string> }>().errors).toHaveProperty('state_id');
  });
});

describe('categories', () => {
  it('returns parent categories in tree order with their children under Data', async () => {
    const res = await getJson<{
      status: number;
      Data: Array<{
        _id: string;
        parentCategory: string;
        childCategorys: Array<{ _id: string; childCategoryName: string }>;
      }>;
    }>('/api/category/getAllParentCategory');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    const parents = res.body.Data;
    expect(parents.length).toBeGreaterThanOrEqual(10);
    expect(parents[0]?.parentCategory).toBe('Fashion');
    for (const parent of parents) {
      expect(parent._id).toMatch(ID_PATTERN);
      expect(parent.childCategorys.length).toBeGreaterThanOrEqual(4);
    }
    const footwear = parents.find((p) => p.parentCategory === 'Footwear');
    expect(footwear?.childCategorys.map((c) => c.childCategoryName)).toContain('Sports Shoes');
  });

  it('lists influencer categories with their field', async () => {
    const res = await getJson<{ status: number; data: Array<{ _id: string; field: string }> }>(
      '/api/inflncr/getAllInflncrCate',
    );
    expect(res.statusCode).toBe(200);
    const fields = res.body.data.map((c) => c.field);
    expect(fields).toEqual(
      expect.arrayContaining(['health and fitness', 'animals & pets', 'crafts & decor']),
    );
    expect(res.body.data.every((c) => ID_PATTERN.test(c._id))).toBe(true);
  });
});

describe('hashtag search', () => {
  type TagResponse = { status: number; data: Array<{ _id: string; tag: string }> };

  it('finds tags containing the text, those starting with it first, then alphabetically', async () => {
    const res = await searchTag({ page: 1, limit: 100, searchValue: 'fit' });
    expect(res.statusCode).toBe(200);
    const tags = res.json<TagResponse>().data.map((d) => d.tag);
    expect(tags).toEqual(['fitness', 'health-and-fitness']);
  });

  it('matches regardless of case and ignores a leading #', async () => {
    const res = await searchTag({ page: 1, limit: 10, searchValue: '#FIT' });
    expect(res.json<TagResponse>().data.map((d) => d.tag)).toContain('fitness');
  });

  it('orders prefix matches before other matches across a longer list', async () => {
    const res = await searchTag({ searchValue: 'in' });
    const tags = res.json<TagResponse>().data.map((d) => d.tag);
    const prefixed = tags.filter((tag) => tag.startsWith('in'));
    expect(prefixed.length).toBeGreaterThan(0);
    expect(tags.slice(0, prefixed.length)).toEqual(prefixed);
    expect(prefixed).toEqual([...prefixed].sort());
    const rest = tags.slice(prefixed.length);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((tag) => tag.includes('in'))).toBe(true);
    expect(rest).toEqual([...rest].sort());
  });

  it('pages through the results without overlap', async () => {
    const all = (await searchTag({ page: 1, limit: 100, searchValue: '' })).json<TagResponse>().data;
    expect(all.length).toBeGreaterThanOrEqual(60);
    const first = (await searchTag({ page: 1, limit: 5, searchValue: '' })).json<TagResponse>().data;
    const second = (await searchTag({ page: 2, limit: 5, searchValue: '' })).json<TagResponse>().data;
    expect(first.map((d) => d.tag)).toEqual(all.slice(0, 5).map((d) => d.tag));
    expect(second.map((d) => d.tag)).toEqual(all.slice(5, 10).map((d) => d.tag));
    const beyond = (await searchTag({ page: 100, limit: 100, searchValue: '' })).json<TagResponse>().data;
    expect(beyond).toEqual([]);
  });

  it('treats % and _ as plain text', async () => {
    const res = await searchTag({ searchValue: '%' });
    expect(res.statusCode).toBe(200);
    expect(res.json<TagResponse>().data).toEqual([]);
  });

  it('rejects a bad page and limit with a message per field', async () => {
    const res = await searchTag({ page: 0, limit: 1000, searchValue: 'fit' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ status: number; errors: Record<string, string> }>();
    expect(body.status).toBe(400);
    expect(Object.keys(body.errors).sort()).toEqual(['limit', 'page']);
    expect(body.errors.page).toBe('Page starts at 1');
  });

  it('rejects a search text that is too long', async () => {
    const res = await searchTag({ searchValue: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.searchValue).toBe('Search text is too long');
  });
});
