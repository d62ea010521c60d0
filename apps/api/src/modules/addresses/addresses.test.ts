import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES } from '@app/domain';
import { savedAddresses } from '../../db/schema/index.js';
import { collectAccountData } from '../privacy/export-data.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

// Issue 38, decision 051: an account keeps its delivery addresses; checkout pre-fills the default.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/users/me/addresses${url}`,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });

async function signedIn(name = 'Kavya Reddy') {
  const user = await createUser(t.db, { ownerName: name });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

const home = {
  firstName: 'Kavya',
  lastName: 'Reddy',
  houseNo: 'Flat 302, Lakeview Apartments',
  street: '12th Main Road, Indiranagar',
  landmark: 'Near the metro station',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560038',
  mobile: '9845012345',
};
const office = { ...home, houseNo: '4th floor, Prestige Tower', street: 'Residency Road', pinCode: '560025' };

describe('address book', () => {
  it('keeps addresses: the first is the default, another can become it, edits and deletes move it', async () => {
    const kavya = await signedIn();
    expect((await call('GET', '', kavya.token)).json().data).toEqual([]);

    const first = await call('POST', '', kavya.token, home);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ ...home, isDefault: true });
    const second = await call('POST', '', kavya.token, office);
    expect(second.json().data.isDefault).toBe(false);
    const homeId = first.json().data._id as string;
    const officeId = second.json().data._id as string;

    const made = await call('POST', `/${officeId}/default`, kavya.token);
    expect(made.statusCode).toBe(200);
    expect(made.json().data.map((a: { _id: string; isDefault: boolean }) => [a._id, a.isDefault])).toEqual([
      [officeId, true],
      [homeId, false],
    ]);

    const edited = await call('PUT', `/${homeId}`, kavya.token, {
      ...home,
      landmark: 'Opposite CMH hospital',
    });
    expect(edited.json().data).toMatchObject({ landmark: 'Opposite CMH hospital', isDefault: false });

    expect((await call('DELETE', `/${officeId}`, kavya.token)).statusCode).toBe(200);
    const left = (await call('GET', '', kavya.token)).json().data;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ _id: homeId, isDefault: true, landmark: 'Opposite CMH hospital' });
  });

  it("checks each field with the checkout's rules and names the field", async () => {
    const kavya = await signedIn();
    const res = await call('POST', '', kavya.token, { ...home, pinCode: '5600', street: ' ', mobile: '12' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors as object).sort()).toEqual(['mobile', 'pinCode', 'street']);
    expect(res.json().errors.pinCode).toBe('Enter a 6-digit pincode');
  });

  it("is only ever the caller's own: another account's address is not found, and a visitor is asked to log in", async () => {
    const kavya = await signedIn();
    const arjun = await signedIn('Arjun Nair');
    const id = (await call('POST', '', kavya.token, home)).json().data._id as string;
    expect((await call('GET', '', arjun.token)).json().data).toEqual([]);
    for (const res of [
      await call('PUT', `/${id}`, arjun.token, office),
      await call('DELETE', `/${id}`, arjun.token),
      await call('POST', `/${id}/default`, arjun.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADDRESS_MESSAGES.notFound);
    }
    expect((await call('GET', '', kavya.token)).json().data[0]).toMatchObject({ ...home, isDefault: true });
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('POST', '', undefined, home)).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses, and two added at once are one default`, async () => {
    const kavya = await signedIn();
    const firstTwo = await Promise.all([
      call('POST', '', kavya.token, home),
      call('POST', '', kavya.token, office),
    ]);
    expect(firstTwo.map((r) => r.json().data.isDefault as boolean).sort()).toEqual([false, true]);
    for (let i = 2; i < MAX_SAVED_ADDRESSES; i++) await call('POST', '', kavya.token, home);
    const over = await call('POST', '', kavya.token, home);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(ADDRESS_MESSAGES.tooMany);
  });

  it("are in the account's data export, and deleting the account erases them (decision 040)", async () => {
    const kavya = await signedIn();
    await call('POST', '', kavya.token, home);
    const data = await collectAccountData(t.db, kavya.id);
    expect(data?.document.deliveryAddresses).toEqual([expect.objectContaining({ ...home, isDefault: true })]);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/deleteAccount',
      headers: { authorization: kavya.token },
      payload: { password: kavya.password, contributions: 'remove' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, kavya.id))).toEqual([]);
  });
});
