import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeSeller, orderBody } from '../modules/orders/orders-test-helpers.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../test/test-app.js';
import { parseHost } from './host-check.js';

// Issue 20, finding 7: with PUBLIC_URL unset the Host header a client sent became the address in
// the share tags of /post/… pages and the page a payer was sent back to after the checkout; a
// malformed Host answered 500. Issue 40: it still did without PUBLIC_URL (the default of
// `npm start`), which made checkout an open redirect; now no mode builds a link from the Host.

let site: TestApp;
let dev: TestApp;
beforeAll(async () => {
  site = await createTestApp({
    PUBLIC_URL: 'https://revuhub.example',
    TRUST_PROXY: '1',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  });
  // As `npm start` runs with no settings: production, PUBLIC_URL unset, port 3000.
  dev = await createTestApp({ NODE_ENV: 'production', RATE_LIMIT_ORDERS_PER_MINUTE: '100000' });
}, 120_000);
afterAll(async () => {
  await site?.close();
  await dev?.close();
});

/** A public review by a signed-in account, and the address of its page. */
async function publishedPost(t: TestApp) {
  const author = await createUser(t.db);
  const token = await loginAs(t.app, author.email, author.password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inflncr/addReview',
    headers: { authorization: token },
    payload: {
      slug: true,
      type: 'IMAGE',
      caption: [{ index: 0, value: 'Sturdy and light' }],
      description: [{ index: 0, value: 'Carried it every day for a month; the zip still runs smoothly.' }],
      data: [{ name: 'a.webp', url: '/media/reviews/a.webp' }],
      links: { data: [], index: 0 },
      hashtags: [],
      isPrivate: false,
      userData: { name: author.ownerName, email: author.email, mobile: author.mobile },
      influencerData: { name: author.ownerName, isService: false },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { infId, postId } = res.json<{ infId: string; postId: string }>();
  return `/post/${infId}/${postId}`;
}

/** Places an anonymous order and pays on the simulator's page; answers where the payer is sent. */
async function payAndReturn(t: TestApp, headers: Record<string, string>) {
  const seller = await makeSeller(t);
  const productId = await makeProduct(t, seller, 5);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/euOrder/saveOrder2',
    headers,
    payload: orderBody(productId),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const session = placed.json<{ cfOrder: { paymentSessionId: string } }>().cfOrder.paymentSessionId;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/pay/simulator/${session}`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  return paid.headers.location as string;
}

describe('with PUBLIC_URL set', () => {
  it('refuses a request naming another host with 400, directly or through the proxy', async () => {
    const postPage = await publishedPost(site);
    for (const headers of [
      { host: 'evil.example' },
      { host: 'revuhub.example.evil.example' },
      { host: 'revuhub.example:8443' },
      { host: 'revuhub.example', 'x-forwarded-host': 'evil.example' },
    ]) {
      for (const url of [postPage, '/api/site/settings', '/no-page']) {
        const res = await site.app.inject({ url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: 'This server answers for revuhub.example only',
          requestId: res.headers['x-request-id'],
        });
        expect(res.body).not.toContain('evil');
      }
    }
    const order = await site.app.inject({
      method: 'POST',
      url: '/api/euOrder/saveOrder2',
      headers: { host: 'evil.example' },
      payload: orderBody('a'.repeat(24)),
    });
    expect(order.statusCode).toBe(400);
  });

  it("serves its own host however it is spelt, and the probes on any host (the balancer's)", async () => {
    for (const host of ['revuhub.example', 'REVUHUB.example:443', 'revuhub.example.', 'localhost:3000']) {
      expect((await site.app.inject({ url: '/api/site/settings', headers: { host } })).statusCode, host).toBe(
        200,
      );
    }
    for (const url of ['/api/health', '/api/ready']) {
      expect((await site.app.inject({ url, headers: { host: '10.0.3.7:3000' } })).statusCode, url).toBe(200);
    }
  });

  it('builds share tags and the payment return from PUBLIC_URL, not from the Host', async () => {
    const postPage = await publishedPost(site);
    const page = await site.app.inject({ url: postPage, headers: { host: 'localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:url" content="https://revuhub.example${postPage}" />`);
    expect(page.body).not.toContain('localhost');
    const back = await payAndReturn(site, { host: 'localhost:3000' });
    expect(back.startsWith('https://revuhub.example/')).toBe(true);
  });
});

/** What placing an order answers when the request names `host` (refused before it is read). */
const orderStatusWithHost = async (host: string) =>
  (
    await dev.app.inject({
      method: 'POST',
      url: '/api/euOrder/saveOrder2',
      headers: { host },
      payload: orderBody('a'.repeat(24)),
    })
  ).statusCode;

describe('without PUBLIC_URL (the local demo)', () => {
  it('answers a malformed Host with 400, not 500', async () => {
    const postPage = await publishedPost(dev);
    for (const host of ['a b', '[zz', 'evil.example/x', 'user@evil.example', 'evil.example:123456', '"><x']) {
      for (const url of [postPage, '/api/site/settings']) {
        const res = await dev.app.inject({ url, headers: { host } });
        expect(res.statusCode, `${url} ${host}`).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: 'The Host header is missing or malformed',
          requestId: res.headers['x-request-id'],
        });
      }
      expect(await orderStatusWithHost(host), host).toBe(400);
    }
  });

  it('refuses any host but the loopback names, and builds links for http://localhost:PORT only', async () => {
    const postPage = await publishedPost(dev);
    for (const host of ['shop.test:8080', 'evil.example', '192.168.1.5:3000']) {
      const res = await dev.app.inject({ url: postPage, headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('This server answers for localhost:3000 only');
      expect(await orderStatusWithHost(host), host).toBe(400);
    }
    for (const host of ['127.0.0.1:3000', 'localhost:8080', '[::1]:3000']) {
      const page = await dev.app.inject({ url: postPage, headers: { host } });
      expect(page.statusCode, host).toBe(200);
      expect(page.body).toContain(`<meta property="og:url" content="http://localhost:3000${postPage}" />`);
      expect(await payAndReturn(dev, { host }), host).toMatch(/^http:\/\/localhost:3000\//);
    }
  });
});

describe('parseHost', () => {
  it('reads names, IPv4 and IPv6 addresses with a port, and nothing else', () => {
    expect(parseHost('Example.COM.:443')).toEqual({ name: 'example.com', port: '443' });
    expect(parseHost('[::1]:3000')).toEqual({ name: '[::1]', port: '3000' });
    expect(parseHost('10.0.0.1')).toEqual({ name: '10.0.0.1', port: '' });
    for (const bad of [
      '',
      'a b',
      'x/y',
      'u@h',
      'h:',
      'h:1:2',
      '-x.com',
      `${'a'.repeat(64)}.com`,
      undefined,
    ]) {
      expect(parseHost(bad), String(bad)).toBeUndefined();
    }
  });
});
