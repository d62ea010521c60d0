import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Probes a load balancer sends to each machine by its own address (docs/deployment.md), and the
 * Prometheus scrape, which does the same (docs/operations.md). None of them builds a link.
 */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * Names of this machine. A proxy on the same machine that does not pass the Host on, and an
 * operator's curl, use them; a browser only sends them to a server on its own machine, and no
 * address is built from them while PUBLIC_URL is set.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

// A DNS name (underscores allowed: container names have them), an IPv4 address or a bracketed
// IPv6 address, then an optional port. Nothing else: no user, path, space or second host.
const HOST_PATTERN =
  /^(\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*)\.?(?::(\d{1,5}))?$/i;

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `Example.com.:443` -> `{ name: 'example.com', port: '443' }`; undefined when malformed. */
export function parseHost(value: string | undefined): { name: string; port: string } | undefined {
  const match = HOST_PATTERN.exec(value ?? '');
  if (!match) return undefined;
  return { name: match[1]!.toLowerCase(), port: match[2] ?? '' };
}

/**
 * The Host a request names must be the site's (issue 20, finding 7; issue 40). Every absolute
 * address is built from the site's URL (PUBLIC_URL, or http://localhost:PORT without it) and a
 * request for another host is refused: a forged Host cannot reach a page, a share tag or a payment
 * return, and DNS rebinding finds nothing here. This machine's loopback names always pass.
 */
export function registerHostCheck(app: FastifyInstance, { siteUrl }: { siteUrl: string }) {
  const site = new URL(siteUrl);
  // Callback style: a request passes without a promise of its own.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isProbe(request)) return done();
    const host = parseHost(request.host);
    if (!host) return done(new AppError('BAD_REQUEST', 'The Host header is missing or malformed'));
    if (LOOPBACK.has(host.name)) return done();
    const port = host.port === DEFAULT_PORT[site.protocol] ? '' : host.port;
    if (host.name !== site.hostname || port !== site.port) {
      return done(new AppError('BAD_REQUEST', `This server answers for ${site.host} only`));
    }
    done();
  });
}

/**
 * Whether the request was routed to a probe. Fastify builds `request.routeOptions` afresh on each
 * read, so it is read only for a path that may be one (a probe's path, perhaps with a query).
 */
function isProbe(request: FastifyRequest): boolean {
  const url = request.url;
  return (
    (url.startsWith('/api/health') || url.startsWith('/api/ready') || url.startsWith('/metrics')) &&
    PROBES.has(request.routeOptions.url ?? '')
  );
}
