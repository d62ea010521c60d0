import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply } from '../../test/applicants.js';
import {
  createTestApp,
  createUser,
  loginAs,
  outboxOnceHolding,
  type OutboxMessage,
  type TestApp,
} from '../../test/test-app.js';

// Issue 21: an applicant hears of the admin's decision, with the reason when rejected.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://revuhub.example', NOTIFICATIONS_POLL_SECONDS: '10' });
  const admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

async function decisionMessages(email: string, count: number) {
  const decisions = (messages: OutboxMessage[]) =>
    messages.filter((m) => m.purpose === 'application-decision');
  return decisions(await outboxOnceHolding(t.db, email, (found) => decisions(found).length >= count));
}

describe('application decisions', () => {
  it('tells a rejected applicant why and where to apply again, then tells them of the approval', async () => {
    const brand = await apply(t, 'brand');
    const reason = 'Your website does not show the brand yet';
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/users/rejectSeller',
      headers: { authorization: adminToken },
      payload: { _id: brand.id, reason },
    });
    expect(rejected.statusCode).toBe(200);
    const [first] = await decisionMessages(brand.email, 1);
    expect(first?.subject).toBe('About your application');
    expect(first?.body).toContain(reason);
    expect(first?.body).toContain('https://revuhub.example/login');

    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/users/approveSeller',
      headers: { authorization: adminToken },
      payload: { _id: brand.id },
    });
    expect(approved.statusCode).toBe(200);
    const both = await decisionMessages(brand.email, 2);
    expect(both.map((m) => m.subject)).toContain('Your seller account is approved');
  });
});
