import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from './generated/api-schema.js';
import { uniqueContact } from '../test/applicants.js';
import {
  createTestApp,
  createUser,
  latestCode,
  latestOneTimePassword,
  type TestApp,
} from '../test/test-app.js';

/**
 * Proof that clients can be generated from /api/docs/json (decision 037): every call below goes
 * through openapi-fetch typed by the openapi-typescript output of the document, to the real server
 * listening on a port, so a request or answer the document describes wrongly fails here (or fails
 * to type-check).
 */
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const client = (token?: string) =>
  createClient<paths>({ baseUrl, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });

describe('a client generated from the OpenAPI document', () => {
  it('registers, verifies, logs in, lists a product, places an order and reads it', async () => {
    const visitor = client();

    // A retailer registers; the code arrives by e-mail (the outbox holds what would be sent).
    const { email, mobile } = uniqueContact();
    const registered = await visitor.POST('/api/users/singleStepOnboardUser', {
      body: {
        registerUser: { ownerName: 'Sunita Gowda', email, mobile, companyName: 'Gowda Retail LLP' },
        companyName: 'Gowda Retail LLP',
        storeName: 'Gowda Footwear',
        businessType: 'Partnership Firm',
        GSTINnum: '29ABCDE1234F1Z5',
        PANnum: 'ABCDE1234F',
        media: [{ name: 'images/shopfront.webp', url: '/media/images/shopfront.webp', type: 'IMAGE' }],
        sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sports Shoes'] }],
        year_of_establishment: 2012,
        area: 'Jayanagar',
        isBrand: false,
        address: {
          address: '14, 11th Main Road, 4th Block',
          pinCode: '560011',
          city: 'Bengaluru',
          state: 'Karnataka',
          country: 'India',
          location: { type: 'Point', coordinates: [77.5938, 12.925] },
        },
      },
    });
    expect(registered.response.status).toBe(200);
    const sellerId = registered.data!.data._id;

    const verified = await visitor.POST('/api/users/verifyContact', {
      body: { _id: sellerId, code: await latestCode(t.db, email) },
    });
    expect(verified.response.status).toBe(200);

    // The one-time password sent after the code logs in once, to choose a password.
    const oneTime = await latestOneTimePassword(t.db, email);
    const first = await visitor.POST('/api/users/login', { body: { userName: email, password: oneTime } });
    expect(first.response.status).toBe(200);
    const changed = await client(first.data!.data.token).POST('/api/users/changePassword', {
      body: { currentPassword: oneTime, newPassword: 'Gowda-Footwear-2012' },
    });
    expect(changed.response.status).toBe(200);

    // The admin approves the application; the retailer is a seller from then on.
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminLogin = await visitor.POST('/api/users/login', {
      body: { userName: admin.email, password: admin.password },
    });
    const approved = await client(adminLogin.data!.data.token).POST('/api/users/approveSeller', {
      body: { _id: sellerId },
    });
    expect(approved.response.status).toBe(200);

    const login = await visitor.POST('/api/users/login', {
      body: { userName: email, password: 'Gowda-Footwear-2012' },
    });
    expect(login.response.status).toBe(200);
    expect(login.data!.data.profile.role).toBe('SELLER');
    const seller = client(login.data!.data.token);

    const created = await seller.POST('/api/products/createNewProduct', {
      body: {
        brand: 'Stride Lab',
        model: 'Tempo 9',
        colour: 'Navy',
        size: 'UK 8',
        gender: 'Men',
        category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
        moq: 5,
        ogPrice: 2000,
        dsctPrice: 1500,
        retailPrice: 3999,
        dsctRetailPrice: 2999,
        sampleQty: 0,
        samplePrice: 0,
        creditBooster: 0,
        memberDsct: 0,
        desc: 'Light daily trainer.',
        images: [{ url: '/media/x.webp', name: 'x.webp', type: 'IMAGE' }],
      },
    });
    expect(created.response.status).toBe(201);
    const productId = created.data!.Data._id;

    // A visitor buys it without an account; the payment simulator opens the hosted checkout.
    const placed = await visitor.POST('/api/euOrder/saveOrder2', {
      body: {
        productId,
        quantity: 1,
        address: {
          firstName: 'Meera',
          lastName: 'Iyer',
          houseNo: '14',
          street: 'Church Street',
          landmark: 'Opposite the bookshop',
          city: 'Bengaluru',
          state: 'Karnataka',
          country: 'India',
          pinCode: '560001',
          email: `meera.${Date.now()}@example.com`,
          mobile: '8123456780',
        },
      },
    });
    expect([200, 201]).toContain(placed.response.status);
    const order = placed.data!.data.order;
    expect(placed.data!.cfOrder?.paymentSessionId).toBeTruthy();
    expect(order).toMatchObject({ productId, quantity: 1, unitPrice: 2999, paymentState: 'CREATED' });

    // The id alone opens nothing; the key the placing answer's cookie holds does (decision 063).
    const refused = await visitor.GET('/api/orders/status/{orderId}', {
      params: { path: { orderId: order._id } },
    });
    expect(refused.response.status).toBe(403);
    const cookie = placed.response.headers.get('set-cookie') ?? '';
    const key = new RegExp(`order_${order._id}=([^;]+)`).exec(cookie)?.[1] ?? '';
    const read = await visitor.GET('/api/orders/status/{orderId}', {
      params: { path: { orderId: order._id }, header: { 'x-order-key': key } },
    });
    expect(read.response.status).toBe(200);
    expect(read.data!.data).toMatchObject({ _id: order._id, productId, amount: order.amount });

    const sellerOrders = await seller.GET('/api/orders/sellerOrders');
    expect(sellerOrders.response.status).toBe(200);
    expect(sellerOrders.data!.data.map((o) => o._id)).toContain(order._id);
  });

  it('reads refusals as the shared error envelope the document names', async () => {
    const refused = await client().GET('/api/orders/myOrders');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    const invalid = await client().POST('/api/users/login', { body: { userName: '', password: '' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.errors).toHaveProperty('userName');
  });
});
