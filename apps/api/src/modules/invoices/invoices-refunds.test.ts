import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@app/domain';
import { createTestApp, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller } from '../orders/orders-test-helpers.js';
import { api, placeOrder, REFUND_TEST_ENV, settled } from '../refunds/refunds-test-helpers.js';
import { approvedTaxDetails } from './tax-details-test-helpers.js';

// Credit notes from the refunds module's own refunds (decision 030): paid on the simulator, refunded
// through the API, settled by the simulator's signed webhook.

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let productId: string;

beforeAll(async () => {
  t = await createTestApp(REFUND_TEST_ENV);
  seller = await makeSeller(t, 'Hampi Handlooms');
  // The GSTIN is approved by the admin, as every new one must be (decision 069).
  await approvedTaxDetails(t, seller, {
    legalName: 'Hampi Handlooms LLP',
    address: '4 Bazaar Street, Hosapete, Karnataka 583201',
    stateCode: '29',
    gstin: `29AABFH1234K1Z${gstinCheckCharacter('29AABFH1234K1Z')}`,
  });
  productId = await makeProduct(t, seller, 50, { gstRate: '5', hsnCode: '5208' });
});
afterAll(async () => t?.close());

const documentsOf = async (orderId: string) =>
  (await api(t).get(`/invoices/${orderId}`, await orderKeyHeader(t, orderId))).json<{
    data: { kind: string; number: string; totalPaise: number }[];
  }>().data;

describe('credit notes for refunds', () => {
  it('a dispatched order refunded in two parts gets one credit note for each', async () => {
    const orderId = await placeOrder(t, productId, { quantity: 2 });
    await api(t).post('/orders/updateFulfilment', { orderId, fulfilment: 'DISPATCHED' }, seller.token);
    for (const [amount, reason] of [
      ['1000', 'Colour faded in the first wash'],
      ['500.50', 'Delivered a day late'],
    ] as const) {
      const res = await api(t).post(`/orders/${orderId}/refunds`, { amount, reason }, seller.token);
      expect(res.statusCode, res.body).toBe(200);
      await settled(t, orderId);
    }
    const docs = await documentsOf(orderId);
    expect(docs.map((d) => [d.kind, d.totalPaise])).toEqual([
      ['TAX_INVOICE', 599_800],
      ['CREDIT_NOTE', 100_000],
      ['CREDIT_NOTE', 50_050],
    ]);
    expect(docs[2]!.number).toMatch(/^C\/.+\/000002$/);
  });

  it('a paid order cancelled before dispatch is never supplied: no invoice, no credit note', async () => {
    const orderId = await placeOrder(t, productId);
    const res = await api(t).post(
      `/orders/${orderId}/staffCancel`,
      { reason: 'Out of this colour' },
      seller.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    await settled(t, orderId);
    expect(await documentsOf(orderId)).toEqual([]);
  });
});
