import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_PHONE: '+91 99000 11223', SUPPORT_EMAIL: 'help@shop.example' });
});
afterAll(async () => {
  await t.close();
});

it('serves the contact details from configuration', async () => {
  const res = await t.app.inject({ url: '/api/site/settings' });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({
    supportPhone: '+91 99000 11223',
    supportEmail: 'help@shop.example',
  });
  expect(res.headers['cache-control']).toContain('max-age');
});
