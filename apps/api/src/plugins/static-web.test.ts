import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const BOOT = "document.head.append(Object.assign(document.createElement('script'), { src: '/x.js' }))";

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><script src="/assets/app-1a2b3c.js"></script>',
  );
  fs.writeFileSync(
    path.join(webDist, 'landing.html'),
    `<!doctype html><div id="root"><h1>Find answers</h1></div><script data-src="/assets/app-1a2b3c.js">${BOOT}</script>`,
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

  // /answerquery: an app path without a head of its own (modules/site/public-page-heads.ts has those).
  for (const url of ['/', '/answerquery', '/index.html']) {
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

// Issue 24: the web build writes .br and .gz copies of every page; a compressed answer must be
// revalidated the same way, or a browser accepting brotli would keep an old release.
it('revalidates the compressed app shell and landing page by ETag too, and a new build changes it', async () => {
  for (const name of ['index.html', 'landing.html']) {
    const html = fs.readFileSync(path.join(webDist, name));
    fs.writeFileSync(path.join(webDist, `${name}.br`), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(webDist, `${name}.gz`), zlib.gzipSync(html));
  }
  try {
    for (const [url, encoding] of [
      ['/', 'br'],
      ['/answerquery', 'gzip'],
    ] as const) {
      const headers = { 'accept-encoding': encoding };
      const page = await t.app.inject({ url, headers });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe(encoding);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      const etag = page.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await t.app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);

      // A deploy writes a new file: the same ETag no longer matches.
      const file = path.join(webDist, url === '/' ? 'landing.html' : 'index.html');
      const next = `${fs.readFileSync(file, 'utf8')}<!-- next release -->`;
      const compress = encoding === 'br' ? zlib.brotliCompressSync : zlib.gzipSync;
      fs.writeFileSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, compress(next));
      const deployed = await t.app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
      expect(deployed.statusCode, url).toBe(200);
      expect(deployed.headers.etag, url).not.toBe(etag);
    }
  } finally {
    for (const name of ['index.html', 'landing.html']) {
      fs.rmSync(path.join(webDist, `${name}.br`), { force: true });
      fs.rmSync(path.join(webDist, `${name}.gz`), { force: true });
    }
  }
});

it('answers / with the prerendered landing page and other paths with the empty app shell', async () => {
  for (const url of ['/', '/?utm_source=whatsapp']) {
    const page = await t.app.inject({ url });
    expect(page.body, url).toContain('<h1>Find answers</h1>');
  }
  for (const url of ['/answerquery', '/viewstores', '/login?next=/']) {
    const page = await t.app.inject({ url });
    expect(page.statusCode, url).toBe(200);
    expect(page.body, url).not.toContain('Find answers');
  }
});

it("allows the landing page's own inline boot script by its hash, and no other inline script", async () => {
  const hash = createHash('sha256').update(BOOT).digest('base64');
  const res = await t.app.inject({ url: '/' });
  const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
  expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
});

// Finding 15: production source maps, with the original sources, were public.
it('never sends source maps', async () => {
  for (const url of ['/assets/app-1a2b3c.js.map', '/assets/APP-1A2B3C.JS.MAP']) {
    const res = await t.app.inject({ url });
    expect(res.body, url).not.toContain('secret source');
  }
});

// The hashed files have a route of their own (hashed-assets.ts): the same answers as the rest of
// the build gets from @fastify/static.
it('sends a hashed file, or its brotli or gzip copy when accepted, typed as the file itself', async () => {
  const js = fs.readFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(js));
  const app = await createTestApp({ WEB_DIST: webDist });
  try {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['identity', undefined, (body: Buffer) => body],
      [undefined, undefined, (body: Buffer) => body],
    ] as const) {
      const headers = accept === undefined ? {} : { 'accept-encoding': accept };
      const res = await app.app.inject({ url: '/assets/app-1a2b3c.js', headers });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(res.headers.vary, accept).toBe('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString(), accept).toBe('console.log("app")');

      const again = await app.app.inject({
        url: '/assets/app-1a2b3c.js',
        headers: { ...headers, 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode, accept).toBe(304);
      const part = await app.app.inject({
        url: '/assets/app-1a2b3c.js',
        headers: { ...headers, range: 'bytes=0-6' },
      });
      expect(part.statusCode, accept).toBe(206);
      const beyond = await app.app.inject({
        url: '/assets/app-1a2b3c.js',
        headers: { ...headers, range: 'bytes=100000-100010' },
      });
      expect(beyond.statusCode, accept).toBe(416);
      const head = await app.app.inject({ method: 'HEAD', url: '/assets/app-1a2b3c.js', headers });
      expect(head.statusCode, accept).toBe(200);
      expect(head.body, accept).toBe('');
    }
    // Only a name as the build wrote it: another spelling, a compressed copy's own name or a path
    // out of the folder is no file here, and gets what any unknown path gets.
    for (const url of ['/assets/APP-1A2B3C.js', '/assets/missing.js', '/assets/..%2Findex.html']) {
      const res = await app.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.body, url).not.toContain('console.log');
      expect(res.headers['cache-control'], url).not.toContain('immutable');
    }
    // A build written while the server runs: its new files are found on disk, compressed copies too.
    const later = path.join(webDist, 'assets', 'later-4d5e6f.js');
    fs.writeFileSync(later, 'console.log("later")');
    fs.writeFileSync(`${later}.br`, zlib.brotliCompressSync('console.log("later")'));
    try {
      const res = await app.app.inject({
        url: '/assets/later-4d5e6f.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("later")');
    } finally {
      fs.rmSync(later);
      fs.rmSync(`${later}.br`);
    }
  } finally {
    await app.close();
    fs.rmSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'));
    fs.rmSync(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'));
  }
});
