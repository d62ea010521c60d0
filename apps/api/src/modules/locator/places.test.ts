import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_MESSAGES, type NearbyStore, type Place } from '@app/domain';
import { shops } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/index.js';
import { stableId } from '../../lib/ids.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Finding stores without the device's position (decision 025): a pincode, area or city gives the
// point, a partial brand name finds the brands containing it. The demo marketplace is in Bengaluru.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await seedDatabase(t.db, { demo: true, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
});
afterAll(async () => {
  await t.close();
});

async function places(q: string) {
  const res = await t.app.inject({ url: `/api/locator/places?q=${encodeURIComponent(q)}` });
  return {
    res,
    body: res.json<{ message: string; data: Place[]; errors?: Record<string, string> }>(),
  };
}

async function nearby(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter',
    payload: body,
  });
  return { res, body: res.json<{ message: string; Data: NearbyStore[]; errors?: Record<string, string> }>() };
}

const names = (stores: NearbyStore[]) => stores.map((s) => s.name);
const INDIRANAGAR = { lat: 12.9719, long: 77.6412 };

describe('places to search around', () => {
  it("places a pincode at its stores, named by India Post's district and state", async () => {
    const { res, body } = await places('560038');
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual([
      {
        kind: 'pincode',
        label: '560038 · Bengaluru, Karnataka',
        pinCode: '560038',
        area: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        // Kaveri Handlooms, the one approved store in 560038.
        lat: 12.9719,
        long: 77.6412,
        stores: 1,
      },
    ]);
    // Searching around it finds the store by category, as a device position would.
    const { lat, long } = body.data[0]!;
    const found = await nearby({ lat, long, childCategoryName: 'Ethnic Wear' });
    expect(names(found.body.Data)[0]).toBe('Kaveri Handlooms');
  });

  it('places a pincode without stores at the stores of its sorting district (same first three digits)', async () => {
    const { body } = await places('560099');
    expect(body.data).toHaveLength(1);
    const place = body.data[0]!;
    expect(place.label).toBe('560099 · Bengaluru, Karnataka');
    expect(place.stores).toBeGreaterThan(5);
    // The middle of Bengaluru's demo stores.
    expect(place.lat).toBeGreaterThan(12.9);
    expect(place.lat).toBeLessThan(13.1);
    expect(place.long).toBeGreaterThan(77.5);
    expect(place.long).toBeLessThan(77.8);
  });

  it('answers a known pincode far from every store with an empty list, and an unknown one with a 404 naming q', async () => {
    const delhi = await places('110001');
    expect(delhi.res.statusCode).toBe(200);
    expect(delhi.body.data).toEqual([]);
    expect(delhi.body.message).toBe(PLACE_MESSAGES.noPlaces);
    const unknown = await places('999999');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.errors).toEqual({ q: PLACE_MESSAGES.unknownPincode });
  });

  it('finds areas and cities of approved stores by part of their name, in any letter case', async () => {
    const kora = await places('kora');
    expect(kora.res.statusCode).toBe(200);
    expect(kora.body.data.map((p) => [p.kind, p.label])).toEqual([['area', 'Koramangala, Bengaluru']]);
    const city = await places('bengal');
    expect(city.body.data[0]).toMatchObject({
      kind: 'city',
      label: 'Bengaluru, Karnataka',
      city: 'Bengaluru',
    });
  });

  it('never places anything at a store waiting for approval', async () => {
    // Basavanagudi Book Nook is the only store in Basavanagudi, and it is not approved.
    const { res, body } = await places('Basavanagudi');
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('refuses bad input with a message for q', async () => {
    for (const [q, message] of [
      ['', 'Type a 6-digit pincode or at least 2 letters of an area or city'],
      ['5600', 'A pincode is 6 digits, e.g. 560034'],
      ['0560034', 'A pincode is 6 digits, e.g. 560034'],
      ['x'.repeat(81), 'Type at most 80 characters'],
    ] as const) {
      const { res, body } = await places(q);
      expect(res.statusCode, q).toBe(400);
      expect(body.errors?.q, q).toBe(message);
    }
    const missing = await t.app.inject({ url: '/api/locator/places' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string> }>().errors.q).toBeTruthy();
  });
});

describe('nearby stores by a partial brand name', () => {
  it('finds the stores of the brands containing the text ("Kaveri" finds Kaveri Handlooms)', async () => {
    const { res, body } = await nearby({ ...INDIRANAGAR, brand: 'Kaveri' });
    expect(res.statusCode).toBe(200);
    expect(names(body.Data)).toEqual(['Kaveri Handlooms', 'Malleshwaram Silk House']);
    expect(body.Data[0]!.distanceKm).toBeLessThan(body.Data[1]!.distanceKm);
    const lower = await nearby({ ...INDIRANAGAR, brand: 'handloom' });
    expect(names(lower.body.Data)).toEqual(names(body.Data));
  });

  it('still answers text no brand contains with a 404 naming brand', async () => {
    const { res, body } = await nearby({ ...INDIRANAGAR, brand: 'Zebronics' });
    expect(res.statusCode).toBe(404);
    expect(body.errors?.brand).toBeTruthy();
  });
});

describe("a store's phone and opening hours on the locator", () => {
  it('are listed with the store; the owner’s own contact data never is', async () => {
    const kaveri = stableId('demo-user', 'kaveri-handlooms');
    await t.db
      .update(shops)
      .set({ phone: '08047182290', openingHours: 'Mon–Sat 10 am–8 pm, Sun closed' })
      .where(eq(shops.userId, kaveri));
    const { res, body } = await nearby({ ...INDIRANAGAR, brand: 'Kaveri Handlooms' });
    expect(body.Data[0]).toMatchObject({
      name: 'Kaveri Handlooms',
      phone: '08047182290',
      openingHours: 'Mon–Sat 10 am–8 pm, Sun closed',
    });
    expect(res.body).not.toMatch(/email|mobile|@example|password/i);
  });
});
