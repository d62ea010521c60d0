import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchSuggestResponse, SiteSearchResponse } from '@app/domain';
import { eq } from 'drizzle-orm';
import { posts, products, queries, searchWords, shops } from '../../db/schema/index.js';
import { countStatements } from '../../test/statement-counter.js';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { correctedText } from './search.service.js';

let t: TestApp;
const people: Array<{ email: string; mobile: string | null }> = [];
let authorId = '';
let kaveriUserId = '';
let samsungProductId = '';
let postId = '';

async function seller(name: string, opts: { approved?: boolean; isBrand?: boolean } = {}) {
  const user = await createUser(t.db, {
    role: opts.approved === false ? 'USER' : 'SELLER',
    ownerName: name,
    isBrand: opts.isBrand ?? false,
  });
  people.push({ email: user.email, mobile: user.mobile });
  return user;
}

async function store(userId: string, name: string, area = '', city = '') {
  await t.db.insert(shops).values({ userId, name, area, city, address: '12 Usman Road' });
}

async function product(
  userId: string,
  values: Partial<typeof products.$inferInsert> & { prdctName: string },
) {
  const [row] = await t.db
    .insert(products)
    .values({ userId, retailDsctPrice: 1499, ...values })
    .returning({ id: products.id });
  return row!.id;
}

async function search(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  return res;
}

async function found(q: string, kind = 'all') {
  const res = await search(`q=${encodeURIComponent(q)}&kind=${kind}`);
  expect(res.statusCode).toBe(200);
  const body = res.json<SiteSearchResponse>();
  const titles = (k: string) => body.data.groups.find((g) => g.kind === k)?.items.map((i) => i.title) ?? [];
  return {
    body,
    posts: titles('posts'),
    queries: titles('queries'),
    products: titles('products'),
    stores: titles('stores'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db, { ownerName: 'Meera Iyer' });
  people.push({ email: author.email, mobile: author.mobile });
  authorId = author.id;

  const kaveri = await seller('Lakshmi Narayanan');
  kaveriUserId = kaveri.id;
  await store(kaveri.id, 'Kaveri Silks', 'T Nagar', 'Chennai');
  await product(kaveri.id, {
    prdctName: 'Kanjivaram silk saree',
    brand: 'Kaveri',
    model: 'Temple border',
    colour: 'Maroon',
  });

  const gadgets = await seller('Rohit Sharma', { isBrand: true });
  await store(gadgets.id, 'Sharma Electronics', 'Karol Bagh', 'Delhi');
  samsungProductId = await product(gadgets.id, {
    prdctName: 'Galaxy Buds2 Pro',
    brand: 'Samsung',
    model: 'SM-R510',
    description: 'Wireless earbuds with noise cancelling',
    size: 'One size',
  });
  // Another size of the same line: one result, not two.
  await product(gadgets.id, {
    prdctName: 'Galaxy Buds2 Pro',
    brand: 'Samsung',
    model: 'SM-R510',
    size: 'Travel pack',
  });
  await product(gadgets.id, {
    prdctName: 'Old earbuds stock',
    brand: 'Samsung',
    model: 'EO-X',
    isActive: false,
  });

  // A seller waiting for approval: neither the store nor its products are public.
  const pending = await seller('Farhan Qureshi', { approved: false });
  await store(pending.id, 'Kaveri Handlooms', 'Mylapore', 'Chennai');
  await product(pending.id, { prdctName: 'Pending earbuds', brand: 'Samsung', model: 'Pending' });

  const [post] = await t.db
    .insert(posts)
    .values({
      authorId,
      authorName: 'Meera Iyer',
      title: 'My commute companion',
      description: 'These earbuds survived a monsoon in Mumbai local trains.',
    })
    .returning({ id: posts.id });
  postId = post!.id;
  await t.db.insert(posts).values([
    {
      authorId,
      authorName: 'Meera Iyer',
      title: 'Secret earbuds diary',
      description: 'private',
      isPrivate: true,
    },
    {
      authorId,
      authorName: 'Meera Iyer',
      title: 'Held earbuds review',
      description: 'waits for its confirmation code',
      isPrivate: true,
      awaitingConfirmation: true,
    },
  ]);
  await t.db.insert(queries).values([
    { text: 'Which earbuds last a full day in Chennai heat?', askerId: authorId, askerName: 'Meera Iyer' },
    {
      text: 'Held earbuds question',
      askerId: authorId,
      askerName: 'Meera Iyer',
      awaitingConfirmation: true,
    },
    {
      text: 'Does Kaveri Silks stitch blouses?',
      askerId: authorId,
      askerName: 'Meera Iyer',
      scope: 'store',
      scopeUserId: kaveri.id,
    },
  ]);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/search', () => {
  it('finds a post, a query and a product by a word in them, each grouped by kind with its page', async () => {
    const { body, ...groups } = await found('earbuds');
    expect(body.data.groups.map((g) => g.kind)).toEqual(['posts', 'queries', 'products', 'stores']);
    expect(groups.posts).toEqual(['My commute companion']);
    expect(groups.queries).toEqual(['Which earbuds last a full day in Chennai heat?']);
    expect(groups.products).toEqual(['Galaxy Buds2 Pro']);
    const [post] = body.data.groups[0]!.items;
    expect(post).toMatchObject({
      snippet: 'These earbuds survived a monsoon in Mumbai local trains.',
      link: `/post/${authorId}/${postId}`,
    });
    // A query opens its own page, which has its answers and "Answer this question".
    expect(body.data.groups[1]!.items[0]!.link).toMatch(/^\/question\/[0-9a-f]{24}$/);
    expect(body.data.groups[2]!.items[0]).toMatchObject({
      link: `/product/${samsungProductId}`,
      snippet: 'Samsung SM-R510 · ₹1,499 · Sold by Sharma Electronics',
    });
  });

  it('finds a store by a word of its name, its area or its city, linking to its store page', async () => {
    expect((await found('silks')).stores).toEqual(['Kaveri Silks']);
    expect((await found('karol bagh')).stores).toEqual(['Sharma Electronics']);
    const { body } = await found('Kaveri');
    const stores = body.data.groups.find((g) => g.kind === 'stores')!;
    expect(stores.items).toEqual([
      {
        id: kaveriUserId,
        title: 'Kaveri Silks',
        snippet: 'T Nagar, Chennai',
        image: null,
        link: `/viewstore/true/${kaveriUserId}`,
      },
    ]);
    expect(body.data.groups[1]!.items[0]!.link).toMatch(/^\/question\/[0-9a-f]{24}$/);
  });

  it('forgives a half-typed or misspelt name: "Kav", "kavery", "earbud", "samsnug"', async () => {
    expect((await found('Kav')).stores).toEqual(['Kaveri Silks']);
    expect((await found('kavery')).stores).toEqual(['Kaveri Silks']);
    const earbud = await found('earbud');
    expect(earbud.products).toEqual(['Galaxy Buds2 Pro']);
    expect(earbud.posts).toEqual(['My commute companion']);
    expect((await found('samsnug')).products).toEqual(['Galaxy Buds2 Pro']);
    expect((await found('galaxy buds')).products).toEqual(['Galaxy Buds2 Pro']);
  });

  it('says "Did you mean" for a misspelt name that finds nothing, and answers with what the corrected text finds', async () => {
    const nimbus = await seller('Farhan Siddiqui', { isBrand: true });
    await store(nimbus.id, 'Nimbus Audio', 'Whitefield', 'Bengaluru');
    await product(nimbus.id, {
      prdctName: 'Nimbus Buds Air',
      brand: 'Nimbus Audio',
      model: 'NB-A1',
      retailDsctPrice: 1999,
    });
    const typo = await found('Nimbas');
    expect(typo.body.data).toMatchObject({ q: 'Nimbas', didYouMean: 'nimbus' });
    expect(typo.stores).toEqual(['Nimbus Audio']);
    expect(typo.products).toEqual(['Nimbus Buds Air']);
    expect(typo.body.data.groups[2]!.items[0]!.snippet).toBe(
      'Nimbus Audio NB-A1 · ₹1,999 · Sold by Nimbus Audio',
    );
    // Other words are kept as typed; a name spelt right needs no correction.
    expect(await correctedText(t.db, 'Nimbas buds')).toBe('nimbus buds');
    expect(await correctedText(t.db, 'nimbus buds')).toBeNull();
    // While typing, a last word that a known word starts with is unfinished, not misspelt.
    expect(await correctedText(t.db, 'Nimb')).toBe('nimbus');
    expect(await correctedText(t.db, 'Nimb', { typing: true })).toBeNull();
    expect(await correctedText(t.db, 'Nimbas', { typing: true })).toBe('nimbus');
    expect(await correctedText(t.db, 'Nimbas Nimb', { typing: true })).toBe('nimbus nimb');
    expect((await found('Nimbus')).body.data.didYouMean).toBeNull();
    // A word nothing public is named after is never offered: a seller awaiting approval stays unseen.
    const hidden = await found('handloms');
    expect(hidden.body.data.didYouMean).toBeNull();
    expect(hidden.stores).toEqual([]);
    // Nothing close at all: no correction, nothing found.
    const nothing = await found('zzqxv');
    expect(nothing.body.data.didYouMean).toBeNull();
    expect(nothing.body.data.groups.every((g) => g.items.length === 0)).toBe(true);
  });

  it('names the store of each product, so one product sold by two stores reads as two offers', async () => {
    const a = await seller('Usha Rao');
    await store(a.id, 'Rao Mobiles', 'Jayanagar', 'Bengaluru');
    await product(a.id, { prdctName: 'Zenbook Charger', brand: 'Asus', model: 'ADP-65' });
    const b = await seller('Imran Sheikh');
    await store(b.id, 'Sheikh Computers', 'Camp', 'Pune');
    await product(b.id, { prdctName: 'Zenbook Charger', brand: 'Asus', model: 'ADP-65' });
    const { body } = await found('zenbook');
    const snippets = body.data.groups.find((g) => g.kind === 'products')!.items.map((i) => i.snippet);
    expect(snippets.sort()).toEqual([
      'Asus ADP-65 · ₹1,499 · Sold by Rao Mobiles',
      'Asus ADP-65 · ₹1,499 · Sold by Sheikh Computers',
    ]);
  });

  it('learns the words of a renamed product, and not from a change of its stock', async () => {
    const id = await product(kaveriUserId, {
      prdctName: 'Plain cotton dupatta',
      brand: 'Kaveri',
      model: 'D1',
    });
    const words = async () =>
      (await t.db.select({ word: searchWords.word }).from(searchWords)).map((r) => r.word);
    expect(await words()).not.toContain('chanderi');
    await t.db.update(products).set({ prdctName: 'Chanderi dupatta' }).where(eq(products.id, id));
    expect(await words()).toContain('chanderi');
    expect(await correctedText(t.db, 'chandery')).toBe('chanderi');
    expect((await found('chandery')).products).toContain('Chanderi dupatta');
    const uses = async () =>
      (
        await t.db.select({ uses: searchWords.uses }).from(searchWords).where(eq(searchWords.word, 'dupatta'))
      )[0]?.uses;
    const before = await uses();
    await t.db.update(products).set({ inventoryQuantity: 5 }).where(eq(products.id, id));
    expect(await uses()).toBe(before);
  });

  it('never finds private or held posts, held queries, inactive products or stores and products of sellers awaiting approval', async () => {
    const all = await found('earbuds');
    expect(all.posts).not.toContain('Secret earbuds diary');
    expect(all.posts).not.toContain('Held earbuds review');
    expect(all.queries).not.toContain('Held earbuds question');
    expect(all.products).not.toContain('Old earbuds stock');
    expect(all.products).not.toContain('Pending earbuds');
    expect((await found('handlooms')).stores).toEqual([]);
    expect((await found('Kaveri')).stores).not.toContain('Kaveri Handlooms');
    expect((await found('diary', 'posts')).posts).toEqual([]);
  });

  it("answers without anyone's e-mail or mobile", async () => {
    for (const q of ['earbuds', 'Kaveri', 'Sharma', 'Meera']) {
      const text = (await search(`q=${q}`)).body;
      for (const p of people) {
        expect(text).not.toContain(p.email);
        if (p.mobile) expect(text).not.toContain(p.mobile);
      }
    }
  });

  it('pages one kind twenty at a time and says when there are more', async () => {
    const many = await seller('Anita Desai');
    await store(many.id, 'Desai Cottons', 'Navrangpura', 'Ahmedabad');
    for (let i = 0; i < 25; i += 1) {
      await product(many.id, { prdctName: `Cotton kurta ${i}`, brand: 'Desai', model: `K${i}` });
    }
    const first = await found('cotton kurta', 'products');
    expect(first.body.data.groups).toHaveLength(1);
    expect(first.products).toHaveLength(20);
    expect(first.body.data.groups[0]!.hasMore).toBe(true);
    const second = await search('q=cotton+kurta&kind=products&page=2');
    const page2 = second.json<SiteSearchResponse>().data.groups[0]!;
    expect(page2.items).toHaveLength(5);
    expect(page2.hasMore).toBe(false);
    const everything = await found('cotton kurta');
    expect(everything.products).toHaveLength(5);
    expect(everything.body.data.groups[2]!.hasMore).toBe(true);
  });

  it('ranks the closest name first', async () => {
    const other = await seller('Kavitha Raman');
    await store(other.id, 'Kaveri Textiles and Silks Emporium', 'Anna Nagar', 'Chennai');
    expect((await found('kaveri silks')).stores).toEqual([
      'Kaveri Silks',
      'Kaveri Textiles and Silks Emporium',
    ]);
  });

  it('a text of symbols only finds nothing, without an error', async () => {
    const { body } = await found('?!');
    expect(body.data.groups.every((g) => g.items.length === 0)).toBe(true);
  });

  it('refuses bad input with a message per field', async () => {
    const missing = await search('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string> }>().errors).toEqual({
      q: 'Type what you are looking for',
    });
    const bad = await search(`q=${'a'.repeat(101)}&kind=shoes&page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toEqual({
      q: 'Search with at most 100 characters',
      kind: 'Kind must be all, posts, queries, products or stores',
      page: 'Page starts at 1',
    });
    const blank = await search('q=%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ errors: Record<string, string> }>().errors.q).toBe('Type what you are looking for');
  });
});

describe('GET /api/search/suggest', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json<SearchSuggestResponse>().data.suggestions;
  };

  it('suggests stores and products while a name is half typed, each with the page it opens', async () => {
    const list = await suggest('Kav');
    expect(list).toContainEqual({
      kind: 'store',
      text: 'Kaveri Silks',
      detail: 'T Nagar, Chennai',
      link: `/viewstore/true/${kaveriUserId}`,
    });
    expect(list.map((s) => s.text)).toContain('Kanjivaram silk saree');
    expect(list.length).toBeLessThanOrEqual(6);
  });

  it('offers the corrected words first when a word is misspelt, with the search for them', async () => {
    const list = await suggest('nimbas');
    expect(list[0]).toEqual({ kind: 'correction', text: 'nimbus', detail: '', link: '/search?q=nimbus' });
    expect(list.map((s) => s.text)).toContain('Nimbus Audio');
  });

  it('corrects a misspelt text and reads what starts with the correction in one statement', async () => {
    const statements = countStatements(t.db, t.plannedOnce);
    // (Texts not asked for before: answers are remembered for 5 s.)
    expect(await statements.during(() => suggest('nimbsu au'))).toBe(1);
    const list = (await suggest('nimbsu au')).map((s) => s.text);
    expect(list[0]).toBe('nimbus au');
    expect(list).toContain('Nimbus Audio');
    expect(await statements.during(() => suggest('kaveri si'))).toBe(1);
  });

  it('suggests nothing for a text of no words or far from every name, and refuses an empty one', async () => {
    expect(await suggest('?!')).toEqual([]);
    expect(await suggest('zzqxv')).toEqual([]);
    const empty = await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { q: 'Type what you are looking for' } });
  });
});
