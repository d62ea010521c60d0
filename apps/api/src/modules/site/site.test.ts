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

it('serves the map tile source from MAP_TILE_URL, and none when it is unset (decision 025)', async () => {
  const { loadConfig } = await import('../../config.js');
  const { siteSettingsFrom } = await import('./site.routes.js');
  const res = await t.app.inject({ url: '/api/site/settings' });
  expect(res.json().data.map).toEqual({ tileUrl: '', attribution: '' });
  const tiles = 'https://tiles.example.in/styles/basic/{z}/{x}/{y}.png';
  const config = loadConfig({ MAP_TILE_URL: tiles, MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' });
  expect(siteSettingsFrom(config).map).toEqual({
    tileUrl: tiles,
    attribution: '© OpenStreetMap contributors',
  });
  expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.in/tile.png' })).toThrow(
    'MAP_TILE_URL must contain {z}, {x} and {y}',
  );
});
