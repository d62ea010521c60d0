import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDRESS_MESSAGES, LOGGED_IN_PREFILL } from '@app/domain';
import { orders, shops } from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  credentialHeaders,
  loginAs,
  orderKeyHeader,
  type TestApp,
} from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';

// Issue 38, decision 051: the spec's clients pre-fill a signed-in buyer's address with "NA" and
// pincode 100000. The API replaces that stand-in with an address it knows, or holds the order as
// "address needed" until the buyer gives one; this site's web app sends the real address.

const SECRET = 'delivery-address-secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: SECRET,
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    UNPAID_ORDERS_MAX: '100000',
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string | Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: credentialHeaders(token),
    payload: payload as object,
  });
const get = (url: string, token?: string | Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: credentialHeaders(token) });

const NA = LOGGED_IN_PREFILL.text;
/** What an existing client sends for a signed-in buyer (spec section 5). */
function spec(productId: string, who: { email: string; mobile: string | null }, overrides = {}) {
  const body = orderBody(productId, overrides);
  return {
    ...body,
    address: {
      ...body.address,
      houseNo: NA,
      street: NA,
      landmark: NA,
      city: NA,
      state: NA,
      country: NA,
      pinCode: LOGGED_IN_PREFILL.pincode,
      email: who.email,
      mobile: who.mobile ?? body.address.mobile,
    },
  };
}

const saved = {
  firstName: 'Ananya',
  lastName: 'Krishnan',
  houseNo: 'No. 7, Second Cross',
  street: 'Jayanagar 4th Block',
  landmark: 'Behind the shopping complex',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560011',
  mobile: '9900112233',
};

async function buyer(name = 'Ananya Krishnan') {
  const user = await createUser(t.db, { ownerName: name });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

async function storedAddress(orderId: string) {
  const [row] = await t.db
    .select({ address: orders.address, addressNeeded: orders.addressNeeded })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

async function payOnline(sessionId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/simulator/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(res.statusCode).toBe(303);
}

const dispatch = (orderId: string, token: string) =>
  post('/orders/updateFulfilment', { orderId, fulfilment: 'DISPATCHED', courier: 'Delhivery' }, token);

const hasNA = (address: object) => Object.values(address).some((v) => v === NA || v === '100000');

describe('delivery address of an order', () => {
  it('an old client\'s "NA" and 100000 from a signed-in buyer ship to their default address', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const ananya = await buyer();
    await post('/users/me/addresses', saved, ananya.token);

    const placed = await post('/euOrder/saveOrder2', spec(productId, ananya), ananya.token);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.order.addressNeeded).toBe(false);
    const orderId = placed.json().data.order._id as string;
    const { address, addressNeeded } = await storedAddress(orderId);
    expect(address).toEqual({ ...saved, email: ananya.email });
    expect(addressNeeded).toBe(false);

    await payOnline(placed.json().cfOrder.paymentSessionId as string);
    const list = (await get('/orders/sellerOrders', seller.token)).json().data;
    expect(list[0]).toMatchObject({ _id: orderId, addressNeeded: false, address: { pinCode: '560011' } });
    expect((await dispatch(orderId, seller.token)).statusCode).toBe(200);
  });

  it('the address the web app sends is kept as sent, with no "NA" anywhere, even when a default is saved', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const ananya = await buyer();
    await post('/users/me/addresses', saved, ananya.token);
    const web = orderBody(productId);
    const placed = await post('/euOrder/saveOrder2', web, ananya.token);
    const { address } = await storedAddress(placed.json().data.order._id as string);
    expect(address).toEqual(web.address);
    expect(hasNA(address)).toBe(false);
  });

  it('with no address to use, the order is held "address needed": no "NA" stored, not dispatchable until the buyer gives it', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const rohan = await buyer('Rohan Das');
    const placed = await post('/euOrder/saveOrder2', spec(productId, rohan), rohan.token);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.order._id as string;
    expect(placed.json().data.order.addressNeeded).toBe(true);
    const held = await storedAddress(orderId);
    expect(held.addressNeeded).toBe(true);
    expect(hasNA(held.address)).toBe(false);
    expect(held.address).toMatchObject({ firstName: 'Meera', email: rohan.email, pinCode: '', city: '' });

    await payOnline(placed.json().cfOrder.paymentSessionId as string);
    const list = (await get('/orders/sellerOrders', seller.token)).json().data;
    expect(list[0]).toMatchObject({ _id: orderId, paymentState: 'PAID', addressNeeded: true });
    const refused = await dispatch(orderId, seller.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADDRESS_MESSAGES.neededBeforeDispatch);

    // The order's own link asks the buyer; no session is needed, the order's key opens it
    // (decision 063), and the id alone does not.
    const key = await orderKeyHeader(t, orderId);
    expect((await post(`/orders/${orderId}/deliveryAddress`, saved)).statusCode).toBe(403);
    expect((await get(`/orders/status/${orderId}`, key)).json().data.addressNeeded).toBe(true);
    const bad = await post(`/orders/${orderId}/deliveryAddress`, { ...saved, pinCode: '12' }, key);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.pinCode).toBe('Enter a 6-digit pincode');
    const given = await post(
      `/orders/${orderId}/deliveryAddress`,
      { ...saved, firstName: 'Rohan', lastName: 'Das' },
      key,
    );
    expect(given.statusCode).toBe(200);
    expect(given.json().data.addressNeeded).toBe(false);
    expect(given.json().data).not.toHaveProperty('address');
    expect((await storedAddress(orderId)).address).toEqual({
      ...saved,
      firstName: 'Rohan',
      lastName: 'Das',
      email: rohan.email,
    });
    // Once given, it cannot be changed through the link.
    const again = await post(
      `/orders/${orderId}/deliveryAddress`,
      { ...saved, street: 'Somewhere else' },
      key,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADDRESS_MESSAGES.notNeeded);
    expect((await dispatch(orderId, seller.token)).statusCode).toBe(200);
    // Kept as the buyer's first address: the next order from the old client ships there.
    const book = (await get('/users/me/addresses', rohan.token)).json().data;
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ street: saved.street, isDefault: true });
    const next = await post('/euOrder/saveOrder2', spec(productId, rohan), rohan.token);
    expect((await storedAddress(next.json().data.order._id as string)).address.pinCode).toBe('560011');
  });

  it('a guest\'s "NA" is held as address needed too; an unknown order is not found', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const body = spec(productId, { email: `guest-${Date.now()}@example.com`, mobile: null });
    const placed = await post('/euOrder/saveOrder2', body);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.order.addressNeeded).toBe(true);
    const missing = await post('/orders/aaaaaaaaaaaaaaaaaaaaaaaa/deliveryAddress', saved);
    expect(missing.statusCode).toBe(404);
  });

  it("a seller without a saved address buying wholesale ships to their store, as does a product owner's own order", async () => {
    const maker = await makeSeller(t, 'Vikram Shah');
    const productId = await makeProduct(t, maker, 50);
    const retailer = await makeSeller(t, 'Farah Khan');
    const store = {
      address: '22 MG Road',
      area: 'Camp',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411001',
    };
    for (const who of [retailer, maker]) {
      await t.db
        .update(shops)
        .set({ ...store, country: 'India' })
        .where(eq(shops.userId, who.id));
    }
    const wholesale = await post(
      '/orders/saveOrder2',
      spec(productId, { email: retailer.email, mobile: '9822001122' }, { quantity: 5 }),
      retailer.token,
    );
    expect(wholesale.statusCode).toBe(201);
    expect((await storedAddress(wholesale.json().data.order._id as string)).address).toMatchObject({
      houseNo: 'Farah Khan Store',
      street: '22 MG Road',
      landmark: 'Camp',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411001',
      mobile: '9822001122',
    });

    // The product's owner "need not fill address fields": their store, even with a saved address.
    await post('/users/me/addresses', saved, maker.token);
    const own = await post(
      '/euOrder/saveOrder2',
      spec(productId, { email: maker.email, mobile: maker.mobile }),
      maker.token,
    );
    expect(own.statusCode).toBe(201);
    expect((await storedAddress(own.json().data.order._id as string)).address).toMatchObject({
      houseNo: 'Vikram Shah Store',
      pinCode: '411001',
    });
  });
});
