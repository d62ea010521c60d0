import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyStore } from '@app/domain';
import { products, shops, users } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/index.js';
import { stableId } from '../../lib/ids.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { keyExists, nearbyStatement, nearbyStoresQuery } from './locator.repository.js';

// The demo marketplace around Bengaluru: approved brands and retailers at real coordinates, two
// retailers waiting for approval, and retailers stocking brand products as clones.
const MALLESHWARAM = { lat: 13.0031, long: 77.5643 };
const HSR_LAYOUT = { lat: 12.9116, long: 77.6474 };
const DELHI = { lat: 28.6139, long: 77.209 };
const userOf = (slug: string) => stableId('demo-user', slug);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await seedDatabase(t.db, { demo: true, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
});
afterAll(async () => {
  await t.close();
});

async function nearby(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter',
    payload: body,
  });
  return {
    res,
    body: res.json<{
      status: number;
      message: string;
      Data: NearbyStore[];
      errors?: Record<string, string>;
    }>(),
  };
}

async function partners(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/getNearbyPartnerBrandStores',
    payload: body,
  });
  return {
    res,
    body: res.json<{
      status: number;
      message: string;
      Data: NearbyStore[];
      errors?: Record<string, string>;
    }>(),
  };
}

const names = (stores: NearbyStore[]) => stores.map((s) => s.name);

describe('nearby stores by category', () => {
  it('lists approved stores selling the category, nearest first, with distance, address and position', async () => {
    const { res, body } = await nearby({ ...MALLESHWARAM, childCategoryName: 'Ethnic Wear', brand: '' });
    expect(res.statusCode).toBe(200);
    expect(names(body.Data)).toEqual(['Malleshwaram Silk House', 'Kaveri Handlooms']);
    const [first, second] = body.Data;
    expect(first!.distanceKm).toBeLessThan(0.1);
    // Malleshwaram to Indiranagar is about 9 km as the crow flies.
    expect(second!.distanceKm).toBeGreaterThan(8);
    expect(second!.distanceKm).toBeLessThan(11);
    expect(first!.address.address).toContain('Sampige Road');
    expect(first!.location.coordinates).toEqual([77.5643, 13.0031]);
    expect(second!.user_id).toEqual({ _id: userOf('kaveri-handlooms'), isBrand: true });
  });

  it('never returns contact data', async () => {
    const { res } = await nearby({ ...MALLESHWARAM, childCategoryName: 'Ethnic Wear' });
    expect(res.body).not.toMatch(/mobile|email|@example\.com|password/i);
  });

  it('matches the category in any letter case', async () => {
    const { body } = await nearby({ ...HSR_LAYOUT, childCategoryName: 'sports shoes' });
    expect(names(body.Data)).toEqual(['HSR Sports Hub', 'Stride Lab']);
  });

  it('never lists a seller waiting for approval', async () => {
    // Basavanagudi Book Nook sells Fiction but is not approved yet.
    const { res, body } = await nearby({ lat: 12.9416, long: 77.5737, childCategoryName: 'Fiction' });
    expect(res.statusCode).toBe(200);
    expect(body.Data).toEqual([]);
    expect(body.message).toBe('No stores found near you');
  });

  it("follows the seller's approval: approved it is listed, deactivated it is gone again", async () => {
    const bookNook = userOf('basavanagudi-book-nook');
    const [before] = await t.db
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, bookNook));
    const fiction = { lat: 12.9416, long: 77.5737, childCategoryName: 'Fiction' };
    try {
      await t.db.update(users).set({ role: 'SELLER', isActive: true }).where(eq(users.id, bookNook));
      expect(names((await nearby(fiction)).body.Data)).toEqual(['Basavanagudi Book Nook']);
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, bookNook));
      expect((await nearby(fiction)).body.Data).toEqual([]);
    } finally {
      await t.db.update(users).set(before!).where(eq(users.id, bookNook));
    }
  });

  it('keeps to the radius and the limit', async () => {
    expect((await nearby({ ...DELHI, childCategoryName: 'Ethnic Wear' })).body.Data).toEqual([]);
    expect((await nearby({ ...DELHI, childCategoryName: 'Ethnic Wear', radiusKm: 500 })).body.Data).toEqual(
      [],
    );
    const one = await nearby({ ...MALLESHWARAM, childCategoryName: 'Ethnic Wear', limit: 1 });
    expect(names(one.body.Data)).toEqual(['Malleshwaram Silk House']);
    // Kaveri Handlooms is about 9 km away: a 5 km radius leaves it out.
    const close = await nearby({ ...MALLESHWARAM, childCategoryName: 'Ethnic Wear', radiusKm: 5 });
    expect(names(close.body.Data)).toEqual(['Malleshwaram Silk House']);
  });

  it("searches only one seller's stores when storeUserId is given", async () => {
    const { body } = await nearby({
      ...MALLESHWARAM,
      childCategoryName: 'Sports Shoes',
      storeUserId: userOf('stride-lab'),
    });
    expect(names(body.Data)).toEqual(['Stride Lab']);
  });
});

describe('nearby stores by brand', () => {
  it('lists the stores selling the brand: the brand itself and the retailers stocking it', async () => {
    const { res, body } = await nearby({ ...HSR_LAYOUT, brand: 'stride lab', childCategoryName: '' });
    expect(res.statusCode).toBe(200);
    expect(names(body.Data)).toEqual(['HSR Sports Hub', 'Stride Lab']);
    expect(body.Data[0]!.distanceKm).toBeLessThan(body.Data[1]!.distanceKm);
  });

  it('answers an unknown brand with a 404 that names it', async () => {
    const { res, body } = await nearby({ ...HSR_LAYOUT, brand: 'Nonexistent Brand' });
    expect(res.statusCode).toBe(404);
    expect(body.message).toBe('Brand "Nonexistent Brand" not found');
    expect(body.errors?.brand).toBeTruthy();
  });

  it('searches brand names sold by approved stores', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/searchLocatorBrands',
      payload: { searchValue: 'a' },
    });
    expect(res.statusCode).toBe(200);
    const brands = res.json<{ data: { brand: string[] } }>().data.brand;
    expect(brands).toEqual(['Kaveri Handlooms', 'Nimbus Audio', 'Stride Lab', 'Tulsi Naturals']);
    const some = await t.app.inject({
      method: 'POST',
      url: '/api/shop/searchLocatorBrands',
      payload: { searchValue: 'nimb' },
    });
    expect(some.json<{ data: { brand: string[] } }>().data.brand).toEqual(['Nimbus Audio']);
  });
});

describe('partner stores of a brand', () => {
  it("lists only the other stores carrying the brand's products, nearest first", async () => {
    const { res, body } = await partners({ ...MALLESHWARAM, storeUserId: userOf('kaveri-handlooms') });
    expect(res.statusCode).toBe(200);
    expect(names(body.Data)).toEqual(['Malleshwaram Silk House']);
  });

  it('follows the catalogue: a retailer adding the brand becomes a partner, disabling it stops that', async () => {
    const nimbus = userOf('nimbus-audio');
    const whitefield = userOf('whitefield-home-store');
    const before = await partners({ lat: 12.96, long: 77.75, storeUserId: nimbus });
    expect(names(before.body.Data)).toEqual(['MG Road Electronics']);

    const id = stableId('test-product', 'whitefield-boom');
    await t.db.insert(products).values({
      id,
      userId: whitefield,
      sourceUserId: nimbus,
      prdctName: 'Nimbus Audio Boom 20',
      brand: 'Nimbus Audio',
      model: 'Boom 20',
      childCategoryName: 'Audio & Headphones',
    });
    const after = await partners({ lat: 12.96, long: 77.75, storeUserId: nimbus });
    expect(names(after.body.Data)).toEqual(['Whitefield Home Store', 'MG Road Electronics']);
    const byCategory = await nearby({
      lat: 12.96,
      long: 77.75,
      childCategoryName: 'Audio & Headphones',
      limit: 1,
    });
    expect(names(byCategory.body.Data)).toEqual(['Whitefield Home Store']);

    await t.db.update(products).set({ isActive: false }).where(eq(products.id, id));
    const disabled = await partners({ lat: 12.96, long: 77.75, storeUserId: nimbus });
    expect(names(disabled.body.Data)).toEqual(['MG Road Electronics']);
  });

  it('rebuilds the keys for catalogue changes only: a stock or price change leaves them as they were', async () => {
    const seller = userOf('hsr-sports-hub');
    const keyVersions = async () => {
      const result = await t.db.execute(
        sql`select k.key, k.ctid::text as version from shop_locator_keys k join shops s on s.id = k.shop_id
            where s.user_id = ${seller} order by k.key`,
      );
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
        key: string;
        version: string;
      }>;
    };
    const [product] = await t.db
      .select({ id: products.id, brand: products.brand })
      .from(products)
      .where(sql`${products.userId} = ${seller} and ${products.isActive}`)
      .limit(1);
    const before = await keyVersions();
    expect(before.length).toBeGreaterThan(0);
    // What an order does (take stock), and a seller's price edit.
    await t.db
      .update(products)
      .set({ inventoryQuantity: sql`${products.inventoryQuantity} + 1`, retailDsctPrice: 1234 })
      .where(eq(products.id, product!.id));
    expect(await keyVersions()).toEqual(before);
    // The stock alone runs no locator trigger at all (migration 0040), and the brand written again
    // as it was changes nothing.
    const plan = await t.db.execute(
      sql.raw(`explain (analyze, format json) update products set inventory_quantity = inventory_quantity + 1
        where id = '${product!.id}'`),
    );
    expect(JSON.stringify(plan)).not.toMatch(/products_locator/);
    await t.db.update(products).set({ brand: product!.brand }).where(eq(products.id, product!.id));
    expect(await keyVersions()).toEqual(before);
    // A brand change is a catalogue change: the keys are rebuilt and name the new brand.
    await t.db.update(products).set({ brand: 'Okapi Lamps' }).where(eq(products.id, product!.id));
    const after = await keyVersions();
    expect(after.map((k) => k.key)).toContain('brand:okapi lamps');
    expect(after).not.toEqual(before);
    await t.db.update(products).set({ brand: product!.brand }).where(eq(products.id, product!.id));
    expect((await keyVersions()).map((k) => k.key)).toEqual(before.map((k) => k.key));
    // Every product of the seller in one statement, as a CSV import does, and back in another.
    const brands = await t.db
      .select({ id: products.id, brand: products.brand })
      .from(products)
      .where(eq(products.userId, seller));
    await t.db.update(products).set({ brand: 'Okapi Lamps' }).where(eq(products.userId, seller));
    const brandKeys = async () =>
      (await keyVersions()).map((k) => k.key).filter((k) => k.startsWith('brand:'));
    expect(await brandKeys()).toEqual(['brand:okapi lamps']);
    const values = brands.map((b) => `('${b.id}', '${b.brand.replace(/'/g, "''")}')`).join(', ');
    await t.db.execute(
      sql.raw(`update products p set brand = b.brand from (values ${values}) b(id, brand) where p.id = b.id`),
    );
    expect((await keyVersions()).map((k) => k.key)).toEqual(before.map((k) => k.key));
  });

  it('moves a store in the results when it moves', async () => {
    const hsr = userOf('hsr-sports-hub');
    await t.db.update(shops).set({ latitude: 28.61, longitude: 77.2 }).where(eq(shops.userId, hsr));
    const { body } = await nearby({ ...DELHI, brand: 'Stride Lab' });
    expect(names(body.Data)).toEqual(['HSR Sports Hub']);
    await t.db.update(shops).set({ latitude: 12.9116, longitude: 77.6474 }).where(eq(shops.userId, hsr));
  });

  it('answers a store that is not a brand, or an unknown id, with a 404', async () => {
    for (const storeUserId of [
      userOf('hsr-sports-hub'),
      'ffffffffffffffffffffffff',
      userOf('yelahanka-toy-box'),
    ]) {
      const { res, body } = await partners({ ...HSR_LAYOUT, storeUserId });
      expect(res.statusCode).toBe(404);
      expect(body.message).toBe('Brand not found');
    }
  });
});

describe('bad locator input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'latitude out of range',
      { lat: 91, long: 77.5, childCategoryName: 'Yoga' },
      'lat',
      'Latitude must be between -90 and 90',
    ],
    [
      'longitude out of range',
      { lat: 12.9, long: -181, childCategoryName: 'Yoga' },
      'long',
      'Longitude must be between -180 and 180',
    ],
    [
      'latitude not a number',
      { lat: 'north', long: 77.5, childCategoryName: 'Yoga' },
      'lat',
      'Must be a number',
    ],
    ['missing longitude', { lat: 12.9, childCategoryName: 'Yoga' }, 'long', 'Required'],
    [
      'empty category and brand',
      { lat: 12.9, long: 77.5, childCategoryName: '', brand: ' ' },
      'childCategoryName',
      'Choose a category or a brand',
    ],
    [
      'both category and brand',
      { lat: 12.9, long: 77.5, childCategoryName: 'Yoga', brand: 'Stride Lab' },
      'brand',
      'Choose either a category or a brand, not both',
    ],
    [
      'radius too large',
      { lat: 12.9, long: 77.5, childCategoryName: 'Yoga', radiusKm: 5000 },
      'radiusKm',
      'Radius must be at most 500 km',
    ],
    [
      'limit too large',
      { lat: 12.9, long: 77.5, childCategoryName: 'Yoga', limit: 101 },
      'limit',
      'Limit must be at most 100',
    ],
    [
      'bad store id',
      { lat: 12.9, long: 77.5, childCategoryName: 'Yoga', storeUserId: 'x' },
      'storeUserId',
      'Must be a valid id',
    ],
  ];
  it.each(cases)('%s gets a 400 naming the field', async (_name, payload, field, message) => {
    const { res, body } = await nearby(payload);
    expect(res.statusCode).toBe(400);
    expect(body.errors?.[field]).toBe(message);
  });

  it('an unknown category gets a 404', async () => {
    const { res, body } = await nearby({ lat: 12.9, long: 77.5, childCategoryName: 'Flying Carpets' });
    expect(res.statusCode).toBe(404);
    expect(body.message).toBe('Category "Flying Carpets" not found');
  });

  it('the partner search checks coordinates and the brand id too', async () => {
    const { res, body } = await partners({ lat: -100, long: 77.5, storeUserId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['lat', 'storeUserId']);
  });
});

describe('the nearby query', () => {
  it('is answered by the GiST (key, position) index', async () => {
    const builder = nearbyStoresQuery(t.db, {
      key: 'category:ethnic wear',
      latitude: 13,
      longitude: 77.5,
      radiusMetres: 50_000,
      limit: 20,
    });
    const { sql: text, params } = builder.toSQL();
    // Inline the parameters so the statement can be explained as it runs.
    const literal = (v: unknown) =>
      typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    const explained = text.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]));
    const plan = await t.db.transaction(async (tx) => {
      // A handful of demo rows fit one page, where a scan is cheaper; at scale the planner picks the
      // index on its own (see bench/locator.mjs). Here we check the index can answer the whole query.
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(sql.raw(`explain ${explained}`));
      const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
      return (list as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using shop_locator_keys_key_earth_idx/);
    // The stored position, nearest first from the index (KNN), and no join to users.
    expect(plan).toMatch(/Order By: \(earth <->/);
    expect(plan).not.toMatch(/Sort|ll_to_earth|users/);
  });

  it('keeps the index in the one plan its prepared statement is reused with', async () => {
    // The server runs the search as a prepared statement; after a few runs PostgreSQL may reuse a
    // generic plan, made without the values. That plan must use the index too.
    const { text, values } = nearbyStatement(t.db, {
      key: 'partner:' + userOf('stride-lab'),
      latitude: 13,
      longitude: 77.5,
      radiusMetres: 50_000,
      limit: 20,
      exceptUserId: userOf('stride-lab'),
    });
    const literal = (v: unknown) =>
      typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare locator_generic as ${text}`));
      try {
        const rows = await tx.execute(
          sql.raw(`explain execute locator_generic(${values.map(literal).join(', ')})`),
        );
        const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
        return (list as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
      } finally {
        await tx.execute(sql`deallocate locator_generic`);
      }
    });
    expect(plan).toMatch(/Index Scan using shop_locator_keys_key_earth_idx/);
    expect(plan).toMatch(/Index Cond: \(\(key = \$\d+\) AND \(earth <@ \$\d+\)\)/);
    expect(plan).toMatch(/Order By: \(earth <->/);
    expect(plan).not.toMatch(/Sort|users/);
  });

  it("knows a key sold only by a seller waiting for approval (the unapproved sellers' index)", async () => {
    // Only Basavanagudi Book Nook, not approved, sells Fiction.
    expect(await keyExists(t.db, 'category:fiction')).toBe(true);
    expect(await keyExists(t.db, 'category:ethnic wear')).toBe(true);
    expect(await keyExists(t.db, 'brand:nonexistent brand')).toBe(false);
  });
});
