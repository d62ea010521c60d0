import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { Database } from '../client.js';
import {
  childCategories,
  cities,
  countries,
  hashtags,
  influencerCategories,
  parentCategories,
  posts,
  products,
  shops,
  states,
  users,
} from '../schema/index.js';
import { demoImages } from './demo-data.js';
import { storeDemoImages, writeDemoImages } from './demo-images.js';
import { seedDatabase } from './index.js';
import { HASHTAGS, INDIAN_STATES } from './reference-data.js';

const quiet = { info: () => {} };

async function counts(db: Database) {
  const n = async (table: Parameters<ReturnType<Database['select']>['from']>[0]) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    countries: await n(countries),
    states: await n(states),
    cities: await n(cities),
    parentCategories: await n(parentCategories),
    childCategories: await n(childCategories),
    influencerCategories: await n(influencerCategories),
    hashtags: await n(hashtags),
    users: await n(users),
    shops: await n(shops),
    products: await n(products),
    posts: await n(posts),
  };
}

describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('loads every state and union territory, and a second run changes nothing', async () => {
    const storage = createLocalStorage(t.dataDir);
    await seedDatabase(t.db, { demo: false, storage, log: quiet });
    const first = await counts(t.db);
    expect(first.states).toBe(36);
    expect(first.hashtags).toBe(HASHTAGS.length);
    expect(first.cities).toBe(Object.values(INDIAN_STATES).flat().length);
    expect(first.parentCategories).toBeGreaterThanOrEqual(10);
    expect(first.shops).toBe(0);

    await seedDatabase(t.db, { demo: false, storage, log: quiet });
    expect(await counts(t.db)).toEqual(first);
  });

  it('keeps the demo off when asked: no users, shops or posts', async () => {
    const c = await counts(t.db);
    expect([c.users, c.shops, c.products, c.posts]).toEqual([0, 0, 0, 0]);
  });
});

describe('demo data', () => {
  let t: TestApp;
  const messages: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const started = performance.now();
    await seedDatabase(t.db, {
      demo: true,
      storage: createLocalStorage(t.dataDir),
      log: { info: (m) => messages.push(m) },
    });
    messages.push(`took ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates brands and stores in Bengaluru with their owners', async () => {
    const rows = await t.db
      .select({
        name: shops.name,
        lat: shops.latitude,
        lng: shops.longitude,
        city: shops.city,
        cityId: shops.cityId,
        pinCode: shops.pinCode,
        role: users.role,
        isActive: users.isActive,
        isBrand: users.isBrand,
        email: users.email,
      })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.city).toBe('Bengaluru');
      expect(row.lat).toBeGreaterThan(12.8);
      expect(row.lat).toBeLessThan(13.2);
      expect(row.lng).toBeGreaterThan(77.4);
      expect(row.lng).toBeLessThan(77.8);
      expect(row.pinCode).toMatch(/^560\d{3}$/);
      expect(row.email).toMatch(/@example\.com$/);
    }
    const brands = rows.filter((r) => r.isBrand);
    expect(brands.length).toBeGreaterThanOrEqual(4);
    expect(brands.every((r) => r.role === 'SELLER' && r.isActive)).toBe(true);
    const pending = rows.filter((r) => r.role === 'USER');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.every((r) => !r.isActive && !r.isBrand)).toBe(true);

    // The shop's city id is the reference row of Bengaluru.
    const [bengaluru] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Bengaluru'));
    expect(rows.every((r) => r.cityId === bengaluru?.id)).toBe(true);
  });

  it('serves the generated shop images as WebP', async () => {
    const rows = await t.db.select({ media: shops.media }).from(shops);
    for (const { media } of rows) {
      const url = media[0]!.url;
      expect(url).toMatch(/^\/media\/demo\/[a-z0-9-]+\.webp$/);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    }
  });

  // Decision 035: the build renders the images once, so a first start stores files and never loads sharp.
  it('stores the images the build rendered as they are, rendering only what is missing', async () => {
    const prebuilt = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-images-'));
    const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-store-'));
    try {
      const [built, missing] = demoImages();
      await writeDemoImages(prebuilt, [built!]);
      const builtBytes = fs.readFileSync(path.join(prebuilt, built!.key));
      const urls = await storeDemoImages(createLocalStorage(storeDir), [built!, missing!], prebuilt);
      expect([...urls.keys()]).toEqual([built!.key, missing!.key]);
      expect(fs.readFileSync(path.join(storeDir, 'media', built!.key))).toEqual(builtBytes);
      const rendered = await sharp(fs.readFileSync(path.join(storeDir, 'media', missing!.key))).metadata();
      expect(rendered).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    } finally {
      fs.rmSync(prebuilt, { recursive: true, force: true });
      fs.rmSync(storeDir, { recursive: true, force: true });
    }
  });

  it('prices products by the discount rule', async () => {
    const rows = await t.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const percent = (original: number, discounted: number) =>
      discounted < original ? Math.floor((100 * (original - discounted)) / original) : 0;
    for (const p of rows) {
      expect(p.dsctPercent).toBe(percent(p.originalPrice, p.dsctPrice));
      expect(p.retailDsctPercent).toBe(percent(p.retailOriginalPrice, p.retailDsctPrice));
      expect(p.freeDelivery).toBe('100');
      expect(p.media[0]?.url).toMatch(/^\/media\/demo\//);
    }
    expect(rows.some((p) => p.retailDsctPercent === 0)).toBe(true);
  });

  it('uses only categories of the category tree', async () => {
    const tree = new Set(
      (
        await t.db
          .select({ parent: parentCategories.name, child: childCategories.name })
          .from(childCategories)
          .innerJoin(parentCategories, eq(parentCategories.id, childCategories.parentId))
      ).map((r) => `${r.parent}/${r.child}`),
    );
    const shopCategories = (await t.db.select({ sellCategory: shops.sellCategory }).from(shops)).flatMap(
      (s) => s.sellCategory.flatMap((c) => c.childCategory.map((child) => `${c.parentCategory}/${child}`)),
    );
    const productCategories = (
      await t.db
        .select({ parent: products.parentCategoryName, child: products.childCategoryName })
        .from(products)
    ).map((p) => `${p.parent}/${p.child}`);
    expect([...shopCategories, ...productCategories].filter((c) => !tree.has(c))).toEqual([]);
  });

  it('writes reviews by customer accounts about the demo products and stores', async () => {
    const rows = await t.db
      .select({ title: posts.title, products: posts.products, role: users.role, store: posts.storeUserId })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => r.role === 'END_USER' && r.title.length > 10)).toBe(true);
    const productIds = new Set((await t.db.select({ id: products.id }).from(products)).map((p) => p.id));
    for (const ref of rows.flatMap((r) => r.products)) expect(productIds.has(ref.productID)).toBe(true);
  });

  // How quick it is belongs to the cold-start row of `npm run bench`, not to a timed test.
  it('adds nothing on a second start', async () => {
    const before = await counts(t.db);
    await seedDatabase(t.db, { demo: true, storage: createLocalStorage(t.dataDir), log: quiet });
    expect(await counts(t.db)).toEqual(before);
  });

  it('cannot be logged in to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { userName: 'kaveri-handlooms@example.com', password: 'kaveri-handlooms' },
    });
    expect(res.statusCode).toBe(401);
  });
});
