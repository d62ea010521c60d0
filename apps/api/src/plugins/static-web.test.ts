import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><script src="/assets/app-1a2b3c.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  fs.writeFileSync(
    path.join(webDist, 'assets', 'app-1a2b3c.js.map'),
    '{"version":3,"sourcesContent":["secret source"],"mappings":""}',
  );
  t = await createTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

it('keeps hashed assets for a year and revalidates index.html on every visit', async () => {
  const asset = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  for (const url of ['/', '/viewstores', '/index.html']) {
    const page = await t.app.inject({ url });
    expect(page.statusCode, url).toBe(200);
    expect(page.body).toContain('<!doctype html>');
    expect(page.headers['cache-control'], url).toBe('no-cache');
    const etag = page.headers.etag as string;
    expect(etag, url).toBeTruthy();
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode, url).toBe(304);
    expect(again.body).toBe('');
  }
});

// Finding 15: production source maps, with the original sources, were public.
it('never sends source maps', async () => {
  for (const url of ['/assets/app-1a2b3c.js.map', '/assets/APP-1A2B3C.JS.MAP']) {
    const res = await t.app.inject({ url });
    expect(res.body, url).not.toContain('secret source');
  }
});
