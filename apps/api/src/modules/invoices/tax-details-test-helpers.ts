import { expect } from 'vitest';
import { gstinPanOf, type PendingGstin } from '@app/domain';
import { createUser, loginAs, type TestApp } from '../../test/test-app.js';

// Tax details as tests need them: a GSTIN a seller gives waits for the admin (decision 069), so a
// seller whose documents must print one has it approved through the admin's own route.

export interface TaxDetailsBody {
  legalName: string;
  address: string;
  stateCode: string;
  gstin: string;
  /** Left out: the GSTIN's own PAN (characters 3 to 12), or none without a GSTIN. */
  pan?: string;
}

export const putTaxDetails = (t: TestApp, token: string, body: TaxDetailsBody) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/taxDetails',
    headers: { authorization: token },
    payload: { ...body, pan: body.pan ?? (body.gstin ? gstinPanOf(body.gstin.toUpperCase()) : '') },
  });

export async function adminToken(t: TestApp): Promise<string> {
  const admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  return loginAs(t.app, admin.email, admin.password);
}

/** The GSTIN that waits for the admin from this seller; fails the test when none does. */
export async function pendingGstinOf(t: TestApp, admin: string, sellerUserId: string): Promise<PendingGstin> {
  const res = await t.app.inject({ url: '/api/admin/gstins', headers: { authorization: admin } });
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<{ data: PendingGstin[] }>().data.find((p) => p.seller.sellerUserId === sellerUserId);
  expect(found, `a pending GSTIN of ${sellerUserId}`).toBeDefined();
  return found!;
}

export async function approveGstinOf(t: TestApp, admin: string, sellerUserId: string) {
  const pending = await pendingGstinOf(t, admin, sellerUserId);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/gstins/${pending._id}/approve`,
    headers: { authorization: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Saves the seller's tax details and, with a GSTIN, has the admin approve it. */
export async function approvedTaxDetails(
  t: TestApp,
  seller: { id: string; token: string },
  body: TaxDetailsBody,
  admin?: string,
) {
  const saved = await putTaxDetails(t, seller.token, body);
  expect(saved.statusCode, saved.body).toBe(200);
  if (body.gstin) await approveGstinOf(t, admin ?? (await adminToken(t)), seller.id);
}
