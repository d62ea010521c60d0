import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMN_NAMES, parseCsv, toCsv, type Product } from '@app/domain';
import { eq } from 'drizzle-orm';
import { products, shops } from '../../db/schema/index.js';
import { createProductsService, PUBLIC_READ_TTL_MS } from './products.service.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function seller(name: string, isBrand = true) {
  const user = await createUser(t.db, { role: 'SELLER', ownerName: name, isBrand });
  await t.db.insert(shops).values({ userId: user.id, name: `${name} Store`, city: 'Bengaluru' });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

const draft = (overrides: Record<string, unknown> = {}) => ({
  brand: 'Stride Lab',
  model: 'Tempo 3',
  colour: 'Navy',
  size: 'UK 8',
  gender: 'Men',
  category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
  moq: '5',
  ogPrice: '2000',
  dsctPrice: '1500',
  retailPrice: '3999',
  dsctRetailPrice: '2999',
  tags: 'running, shoes ,, daily',
  desc: 'Light daily trainer.',
  images: [{ url: '/media/x.webp', name: 'x.webp', type: 'IMAGE' }],
  ...overrides,
});

const post = (url: string, token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: token ? { authorization: token } : {},
    payload: payload as object,
  });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { authorization: token } : {} });

describe('products', () => {
  it('creates a product with integer prices and server-computed discount percents', async () => {
    const s = await seller('Arjun');
    const res = await post('/products/createNewProduct', s.token, {
      ...draft(),
      dsct_percent: 99,
      retail_dsct_percent: 99,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('The product is added successfully');
    const p = body.Data;
    expect(p.userId._id).toBe(s.id);
    expect(p.prdct_attributes).toMatchObject({
      prdct_name: 'Stride Lab Tempo 3',
      original_price: 2000,
      dsct_price: 1500,
      dsct_percent: 25,
      retail_original_price: 3999,
      retail_dsct_price: 2999,
      retail_dsct_percent: 25,
    });
    expect(p.tags).toEqual(['running', 'shoes', 'daily']);
    expect(p.min_order_quantity).toBe(5);
    expect(p.free_delivery).toBe('100');
    const read = await get(`/products/getProductOnId/${p._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().Data.prdct_attributes.model).toBe('Tempo 3');
  });

  it('rejects bad drafts with a message per field', async () => {
    const s = await seller('Bhavna');
    const res = await post('/products/createNewProduct', s.token, {
      ...draft({
        colour: 'Sparkly',
        ogPrice: '12.5',
        dsctRetailPrice: '5000',
        desc: 'x'.repeat(301),
        minCreditInstallment: '2',
      }),
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.colour).toBe('Choose a colour from the list');
    expect(errors.ogPrice).toBe('Wholesale catalogue price must be a whole number');
    expect(errors.desc).toMatch(/300/);
    expect(errors.minCreditInstallment).toBeTruthy();
    const above = await post('/products/createNewProduct', s.token, draft({ dsctRetailPrice: '5000' }));
    expect(above.json().errors.dsctRetailPrice).toBe('Selling price cannot be above the MRP');
  });

  it('takes an empty or zero price as 0 (spec: "empty becomes 0")', async () => {
    const s = await seller('Dilip');
    const res = await post(
      '/products/createNewProduct',
      s.token,
      draft({ ogPrice: '', dsctPrice: ' ', retailPrice: '', dsctRetailPrice: '0' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Data.prdct_attributes).toMatchObject({
      original_price: 0,
      dsct_price: 0,
      retail_original_price: 0,
      retail_dsct_price: 0,
    });
  });

  it('keeps stored values for blank or zero fields on update and recomputes percents', async () => {
    const s = await seller('Chitra');
    const created = (await post('/products/createNewProduct', s.token, draft())).json().Data;
    const res = await post('/products/updateProduct', s.token, {
      _id: created._id,
      model: '',
      ogPrice: 0,
      dsctPrice: '1000',
      desc: '',
      colour: '',
      gender: '',
    });
    expect(res.statusCode).toBe(200);
    const a = res.json().Data.prdct_attributes;
    expect(a).toMatchObject({ model: 'Tempo 3', original_price: 2000, dsct_price: 1000, dsct_percent: 50 });
    expect(a.description).toBe('Light daily trainer.');
    expect(a.colour).toBe('Navy');
    const bad = await post('/products/updateProduct', s.token, { _id: created._id, dsctRetailPrice: 9000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.dsctRetailPrice).toBeTruthy();
  });

  it('another seller cannot change, disable, import over or list the disabled products of a store', async () => {
    const owner = await seller('Deepa');
    const other = await seller('Eshan');
    const p = (await post('/products/createNewProduct', owner.token, draft())).json().Data;

    const update = await post('/products/updateProduct', other.token, { _id: p._id, model: 'Hacked' });
    expect(update.statusCode).toBe(403);
    const disable = await post('/products/enableDisablePrdct', other.token, { _id: p._id, status: false });
    expect(disable.statusCode).toBe(403);
    const values: Record<string, string> = {
      _id: p._id,
      brand: 'X',
      model: 'Hacked',
      colour: 'Red',
      size: 'M',
      gender: 'Men',
      category: 'Footwear',
      subCategory: 'Sandals',
      retailPrice: '10',
      dsctRetailPrice: '5',
    };
    const row = CSV_COLUMN_NAMES.map((c) => values[c] ?? '');
    const csvOver = await post('/products/importCsv', other.token, {
      csv: toCsv([[...CSV_COLUMN_NAMES], row]),
    });
    expect(csvOver.statusCode).toBe(400);
    expect(csvOver.json().errors['line 2: _id']).toBe('Not one of your products');
    const all = await get(`/products/getAllProductOnUserId/${owner.id}/true/1/10`, other.token);
    expect(all.statusCode).toBe(403);
    const anonymous = await post('/products/updateProduct', undefined, { _id: p._id, model: 'Hacked' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await createUser(t.db, { role: 'END_USER' });
    const customerToken = await loginAs(t.app, customer.email, customer.password);
    expect((await post('/products/createNewProduct', customerToken, draft())).statusCode).toBe(403);

    // The other seller's store edits land on their own store only.
    const store = await post('/shop/updateMyStore', other.token, {
      name: 'Eshan Renamed',
      affiliate_code: 'ESH5',
    });
    expect(store.statusCode).toBe(200);
    const ownerStore = (
      await get(`/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${owner.id}`)
    ).json();
    expect(ownerStore.Data.name).toBe('Deepa Store');
    expect(ownerStore.Data.affiliate_code).not.toBe('ESH5');
    expect(
      (await post('/shop/updateMyStore', other.token, { user_id: owner.id, name: 'Taken' })).statusCode,
    ).toBe(400);

    const after = (await get(`/products/getProductOnId/${p._id}`)).json().Data;
    expect(after.prdct_attributes.model).toBe('Tempo 3');
    expect(after.auditFields.isActive).toBe(true);
  });

  it('disables and re-enables; the public list hides disabled products, the owner list keeps them', async () => {
    const s = await seller('Farah');
    const a = (await post('/products/createNewProduct', s.token, draft({ size: 'UK 9' }))).json().Data;
    await post('/products/createNewProduct', s.token, draft({ size: 'UK 10' }));
    const off = await post('/products/enableDisablePrdct', s.token, { _id: a._id, status: false });
    expect(off.json()).toMatchObject({
      message: 'product updated!',
      Data: { auditFields: { isActive: false } },
    });
    const pub = (await get(`/products/getProductOnUserId/${s.id}/1/10`)).json();
    expect(pub.Data.map((p: { prdct_attributes: { size: string } }) => p.prdct_attributes.size)).toEqual([
      'UK 10',
    ]);
    const own = (await get(`/products/getAllProductOnUserId/${s.id}/true/1/10`, s.token)).json();
    expect(own.Data).toHaveLength(2);
    await post('/products/enableDisablePrdct', s.token, { _id: a._id, status: 'true' });
    expect((await get(`/products/getProductOnUserId/${s.id}/1/1`)).json()).toMatchObject({ hasMore: true });
    const search = (await get(`/products/getProductOnUserId/${s.id}/1/10?model=temp`)).json();
    expect(search.Data).toHaveLength(2);
    expect((await get(`/products/getProductOnUserId/${s.id}/1/10?model=zzz`)).json().Data).toHaveLength(0);
  });

  it('clones another brand’s product, keeping its source; brand search leaves out the seller’s own', async () => {
    const brand = await seller('Gopal');
    const retailer = await seller('Hema', false);
    const src = (
      await post('/products/createNewProduct', brand.token, draft({ brand: 'Kaveri', model: 'Silk Saree' }))
    ).json().Data;
    const list = (await post('/products/getProductsOnBrandName', retailer.token, { brand: 'kaveri' })).json();
    expect(list.Data.map((p: { _id: string }) => p._id)).toContain(src._id);
    const own = (await post('/products/getProductsOnBrandName', brand.token, { brand: 'Kaveri' })).json();
    expect(own.Data).toHaveLength(0);
    const open = (
      await post('/products/getProductsOnBrandNameWithoutToken', undefined, { brand: 'Kaveri' })
    ).json();
    expect(open.Data).toHaveLength(1);

    const clone = await post(
      '/products/createNewProduct',
      retailer.token,
      draft({
        brand: 'Kaveri',
        model: 'Silk Saree',
        images: [],
        ownership: 'Reseller',
        sourceProductId: src._id,
      }),
    );
    expect(clone.statusCode).toBe(201);
    expect(clone.json().Data).toMatchObject({ sourceUserId: brand.id, sourceProductId: src._id });
    expect(clone.json().Data.prdct_attributes.media).toHaveLength(1);
    const ownClone = await post(
      '/products/createNewProduct',
      brand.token,
      draft({ sourceProductId: src._id }),
    );
    expect(ownClone.statusCode).toBe(400);

    const brands = (await post('/products/allBrands', undefined, { searchValue: 'kav' })).json();
    expect(brands.data.brand).toEqual(['Kaveri']);
    const models = (
      await post('/products/searchModels', undefined, { searchValue: 'silk', brand: 'Kaveri' })
    ).json();
    expect(models.data.model).toEqual(['Silk Saree']);
    const colours = (await post('/products/searchColours', undefined, { searchValue: 'navy' })).json();
    expect(colours.data.colour).toEqual(['Navy']);
    const found = (await post('/products/searchPrdAttr', undefined, { key: 'silk' })).json();
    expect(found.Data.length).toBeGreaterThanOrEqual(2);
  });

  it('updates seller fields one at a time', async () => {
    const s = await seller('Imran');
    const res = await post('/shop/updateSellerField', s.token, { affiliate_code: 'IMRAN10' });
    expect(res.json().data).toEqual({
      affiliate_code: 'IMRAN10',
      remaining_reward_amount: 0,
      total_rewards_rolledout: 0,
    });
    // The reward balances are credited from orders (modules/shops/shops.test.ts).
    expect(
      (await post('/shop/updateSellerField', s.token, { remaining_reward_amount: '2500' })).statusCode,
    ).toBe(403);
    expect((await post('/shop/updateSellerField', s.token, {})).statusCode).toBe(400);
    expect((await post('/shop/updateSellerField', undefined, { affiliate_code: 'X' })).statusCode).toBe(401);
  });
});

describe('CSV import and export', () => {
  const header = [...CSV_COLUMN_NAMES];
  const csvRow = (i: number, overrides: Partial<Record<string, string>> = {}) => {
    const v: Record<string, string> = {
      brand: 'Nimbus',
      model: `Buds ${Math.floor(i / 3)}`,
      colour: 'Black',
      size: ['S', 'M', 'L'][i % 3]!,
      gender: 'Universal',
      category: 'Electronics',
      subCategory: 'Audio & Headphones',
      ogPrice: String(1000 + i),
      dsctPrice: '900',
      retailPrice: '1999',
      dsctRetailPrice: '1499',
      tags: 'audio, wireless',
      desc: i === 1 ? 'Line one\nline two, with comma' : '',
      ...overrides,
    };
    return header.map((c) => v[c] ?? '');
  };

  it('reports every bad row with its line and field, and stores nothing until the file is fixed', async () => {
    const s = await seller('Jaya');
    const rows = Array.from({ length: 50 }, (_, i) => csvRow(i));
    rows[20] = csvRow(20, { retailPrice: 'abc' });
    const csv = toCsv([header, ...rows]);
    const preview = await post('/products/importCsv?dryRun=true', s.token, { csv });
    expect(preview.statusCode).toBe(200);
    // Row 2 spans two lines (a line break inside quotes), so row index 20 starts on line 23.
    expect(preview.json().data).toMatchObject({
      total: 50,
      created: 49,
      errors: [{ line: 23, field: 'retailPrice', message: 'MRP must be a whole number' }],
    });
    const refused = await post('/products/importCsv', s.token, { csv });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'line 23: retailPrice': 'MRP must be a whole number' });
    expect(
      (await get(`/products/getAllProductOnUserId/${s.id}/true/1/100`, s.token)).json().Data,
    ).toHaveLength(0);

    rows[20] = csvRow(20);
    const ok = await post('/products/importCsv', s.token, { csv: toCsv([header, ...rows]) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ created: 50, updated: 0, errors: [] });
  });

  it('exports the seller’s products so that re-importing the file changes nothing', async () => {
    const s = await seller('Kiran');
    const rows = Array.from({ length: 30 }, (_, i) => csvRow(i));
    expect((await post('/products/importCsv', s.token, { csv: toCsv([header, ...rows]) })).statusCode).toBe(
      200,
    );
    const exported = await get('/products/exportCsv', s.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const records = parseCsv(exported.body);
    expect(records[0]!.cells).toEqual(header);
    expect(records).toHaveLength(31);
    const byKey = (cells: string[]) => `${cells[header.indexOf('model')]}/${cells[header.indexOf('size')]}`;
    const exportedRows = new Map(records.slice(1).map((r) => [byKey(r.cells), r.cells]));
    for (const row of rows) {
      const back = exportedRows.get(byKey(row))!;
      expect(back[header.indexOf('ogPrice')]).toBe(row[header.indexOf('ogPrice')]);
      expect(back[header.indexOf('tags')]).toBe('audio, wireless');
      expect(back[header.indexOf('desc')]).toBe(row[header.indexOf('desc')]);
    }
    const again = await post('/products/importCsv', s.token, { csv: exported.body });
    expect(again.json().data).toMatchObject({ created: 0, updated: 30 });
    const second = await get('/products/exportCsv', s.token);
    expect(second.body).toBe(exported.body);
    expect((await get('/products/exportCsv')).statusCode).toBe(401);
  });
});

describe('stores', () => {
  it('lists approved stores by name without contact data, and searches them', async () => {
    const s = await seller('Zoya');
    await seller('Aman');
    const list = await get('/shop/getAllShopsDetailsWithoutUserInfo');
    expect(list.statusCode).toBe(200);
    const names: string[] = list.json().Data.map((shop: { name: string }) => shop.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Zoya Store');
    expect(list.body).not.toContain(s.email);
    expect(list.body).not.toContain(s.mobile!);
    const found = await post('/shop/searchShop', undefined, { page: 1, limit: 100, searchValue: 'zoya' });
    expect(found.json().Data.map((shop: { name: string }) => shop.name)).toEqual(['Zoya Store']);
  });
});

describe('public read cache', () => {
  it('serves repeated reads from memory until the TTL passes or this process writes', async () => {
    const s = await seller('Lata');
    const created = (await post('/products/createNewProduct', s.token, draft())).json().Data;
    let clock = 1_000_000;
    const service = createProductsService(t.db, { now: () => clock });
    const sessionUser = { ...s, sessionId: 'x', mustChangePassword: false, isActive: true, isBrand: true };
    const model = async () =>
      (JSON.parse(await service.productResponse(created._id)) as { Data: Product }).Data.prdct_attributes
        .model;
    const firstPage = async () =>
      (JSON.parse(await service.storePageResponse(s.id, { page: 1, limit: 20 })) as { Data: Product[] })
        .Data[0]!.prdct_attributes.model;

    expect(await model()).toBe('Tempo 3');
    expect(await firstPage()).toBe('Tempo 3');
    // Changed behind the service's back: a cached read does not reach the database, so it cannot see it.
    await t.db.update(products).set({ model: 'Changed' }).where(eq(products.id, created._id));
    expect(await model()).toBe('Tempo 3');
    expect(await firstPage()).toBe('Tempo 3');
    clock += PUBLIC_READ_TTL_MS + 1;
    expect(await model()).toBe('Changed');
    expect(await firstPage()).toBe('Changed');

    // A write through this service is seen at once.
    await service.updateProduct(sessionUser, { _id: created._id, model: 'Tempo 4' });
    expect(await model()).toBe('Tempo 4');
    expect(await firstPage()).toBe('Tempo 4');
  });
});
