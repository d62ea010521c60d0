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
 * HSTS and `upgrade-insecure-requests` go out only when the site's public address (PUBLIC_URL) is
 * https: on a plain-http install they would make browsers try https that is not there.
 */
export const securityHeadersPlugin = fp<{
  mediaOrigins: string[];
  paymentOrigins?: string[];
  /** CSP hash sources of our own inline scripts (the landing page's boot script). */
  scriptHashes?: string[];
  https: boolean;
}>(
  async (app: FastifyInstance, { mediaOrigins, paymentOrigins = [], scriptHashes = [], https }) => {
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
      `script-src 'self'${pay}${scriptHashes.map((h) => ` ${h}`).join('')}`,
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      ...(https ? ['upgrade-insecure-requests'] : []),
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
      // API answers carry tokens, codes and personal data: no cache keeps them unless a route says
      // otherwise (public reads with `httpCache`, which replaces this header).
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const hsts = https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
    const sets = { page: { ...headers, ...hsts }, api: { ...api, ...hsts } };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? sets.api : sets.page);
      done();
    });
  },
  { name: 'security-headers' },
);
