import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers, computed once at start-up and copied onto every answer. They are the ones
 * helmet sent with our settings; helmet rebuilt them on every request, which showed in the profile.
 * HSTS goes only on answers over https (directly or, with TRUST_PROXY, as reported by the proxy):
 * over plain http a browser ignores it, and on a local http setup it would only mislead.
 */
export const securityHeadersPlugin = fp<{ mediaOrigins: string[] }>(
  async (app: FastifyInstance, { mediaOrigins }) => {
    const media = mediaOrigins.map((o) => ` ${o}`).join('');
    const csp = [
      "default-src 'self'",
      "base-uri 'self'",
      "font-src 'self' https: data:",
      "form-action 'self'",
      "frame-ancestors 'none'",
      `img-src 'self' data: blob:${media}`,
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      'upgrade-insecure-requests',
      `media-src 'self' blob:${media}`,
      "connect-src 'self'",
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
    const httpsHeaders = { ...headers, 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.protocol === 'https' ? httpsHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
