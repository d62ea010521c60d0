import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers, computed once at start-up and copied onto every answer; helmet rebuilt them on
 * every request, which showed in the profile.
 *
 * Pages (the web app, uploaded media) get what helmet sent with our settings. JSON answers under
 * /api get the short set the OWASP REST guidance names, with a CSP that allows nothing: a JSON
 * answer opened as a page must not run or embed anything. That is stricter, and half the bytes on
 * every API answer. (/api/docs sets its own CSP for its page.)
 *
 * HSTS goes only on answers over https (directly or, with TRUST_PROXY, as reported by the proxy):
 * over plain http a browser ignores it, and on a local http setup it would only mislead.
 */
export const securityHeadersPlugin = fp<{ mediaOrigins: string[]; paymentOrigins?: string[] }>(
  async (app: FastifyInstance, { mediaOrigins, paymentOrigins = [] }) => {
    const media = mediaOrigins.map((o) => ` ${o}`).join('');
    // With Cashfree configured, the checkout page loads its script, which may frame or post to it.
    const pay = paymentOrigins.map((o) => ` ${o}`).join('');
    const csp = [
      "default-src 'self'",
      "base-uri 'self'",
      "font-src 'self' https: data:",
      `form-action 'self'${pay}`,
      "frame-ancestors 'none'",
      // OpenStreetMap tiles for the store locator's map (the list works without them).
      `img-src 'self' data: blob: https://tile.openstreetmap.org${media}`,
      "object-src 'none'",
      `script-src 'self'${pay}`,
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      'upgrade-insecure-requests',
      `media-src 'self' blob:${media}`,
      `connect-src 'self'${pay}`,
      ...(pay ? [`frame-src 'self'${pay}`] : []),
    ].join(';');
    const headers: Record<string, string> = {
      'content-security-policy': csp,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const api: Record<string, string> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
    const sets = {
      page: { http: headers, https: { ...headers, ...hsts } },
      api: { http: api, https: { ...api, ...hsts } },
    };
    app.addHook('onRequest', (request, reply, done) => {
      const set = request.url.startsWith('/api/') ? sets.api : sets.page;
      reply.headers(request.protocol === 'https' ? set.https : set.http);
      done();
    });
  },
  { name: 'security-headers' },
);
