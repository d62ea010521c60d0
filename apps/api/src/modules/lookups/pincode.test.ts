import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINCODE_NOT_FOUND } from '@app/domain';
import { seedDatabase } from '../../db/seed/index.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { countStatements, type StatementCounter } from '../../test/statement-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The pincode look-up answers from the committed India Post table, mapped onto the seeded state and
// city lists of a real database (the run's PostgreSQL server, test/global-setup.ts).

let t: TestApp;
let db: StatementCounter;

interface Named {
  _id: string;
  name: string;
}

const lookUp = (pincode: string) => t.app.inject({ method: 'GET', url: `/api/pincode/${pincode}` });

async function idsOf(stateName: string) {
  const states = (await t.app.inject({ url: '/api/states/getAllStates' })).json<{ data: Named[] }>().data;
  const state = states.find((s) => s.name === stateName)!;
  const cities = (await t.app.inject({ url: `/api/city/getAllcities?state_id=${state._id}` })).json<{
    data: Named[];
  }>().data;
  return { state: state._id, city: (name: string) => cities.find((c) => c.name === name)?._id };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { demo: false, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
  db = countStatements(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/pincode/:pincode', () => {
  it("answers a pincode's district and state with our state and city ids", async () => {
    const res = await lookUp('560001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const karnataka = await idsOf('Karnataka');
    expect(res.json().data).toEqual({
      pincode: '560001',
      district: 'Bengaluru',
      state: 'Karnataka',
      state_id: karnataka.state,
      country_id: expect.any(String),
      city: 'Bengaluru',
      city_id: karnataka.city('Bengaluru'),
    });
  });

  it('places Hyderabad in Telangana and Leh in Ladakh, as they are today', async () => {
    const hyderabad = (await lookUp('500001')).json().data;
    expect(hyderabad).toMatchObject({ state: 'Telangana', city: 'Hyderabad' });
    expect(hyderabad.city_id).toBe((await idsOf('Telangana')).city('Hyderabad'));
    expect((await lookUp('194101')).json().data).toMatchObject({ state: 'Ladakh', city: 'Leh' });
  });

  it('matches a district named after one of our cities, and leaves the city empty otherwise', async () => {
    // Central Delhi is one of Delhi's districts; Ernakulam (Kochi's district) is not one of our cities.
    expect((await lookUp('110001')).json().data).toMatchObject({ state: 'Delhi', city: 'Delhi' });
    const kochi = (await lookUp('682001')).json().data;
    expect(kochi).toMatchObject({ district: 'Ernakulam', state: 'Kerala', city: null, city_id: null });
    expect(kochi.state_id).toBe((await idsOf('Kerala')).state);
  });

  it('answers 404 with a clear message for a pincode India Post does not list', async () => {
    const res = await lookUp('999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: PINCODE_NOT_FOUND, errors: { pincode: PINCODE_NOT_FOUND } });
  });

  it('refuses anything but six digits starting 1 to 9, before looking', async () => {
    for (const bad of ['012345', '56000', '5600011', 'abcdef']) {
      const res = await lookUp(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors.pincode, bad).toBe('Enter a 6-digit pincode');
    }
  });

  it('reads the database only for the first look-up of a state, then answers from memory', async () => {
    await lookUp('560002');
    expect(await db.during(() => lookUp('560034'))).toBe(0);
  });
});
