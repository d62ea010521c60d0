import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@app/domain';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import {
  collectProcessMetrics,
  metricsRegistry,
  observeRequest,
  watchPool,
  type PoolStats,
} from '../lib/metrics.js';
import { askPrimaryForMetrics, joinClusterMetrics } from '../lib/metrics-cluster.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Hashed first, so both sides have one length and the comparison takes the same time whatever was sent. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  if (!header || !/^bearer /i.test(header)) return false;
  return timingSafeEqual(sha256(header.slice(7).trim()), expected);
}

/**
 * node-postgres' pool behind the Drizzle database (the embedded server's or DATABASE_URL's), or
 * undefined for a database handed in without one.
 */
function poolOf(db: Database): PoolStats | undefined {
  const client = (db as unknown as { $client?: Partial<PoolStats> }).$client;
  return typeof client?.waitingCount === 'number' ? (client as PoolStats) : undefined;
}

/**
 * GET /metrics in Prometheus text, for whoever holds METRICS_TOKEN. Without a token configured it
 * answers 401 to everyone and the request hook is not even installed: no cost on the hot path for
 * a server nobody scrapes.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { token?: string | undefined; db: Database },
) {
  const expected = options.token ? sha256(options.token) : undefined;
  if (expected) {
    collectProcessMetrics();
    joinClusterMetrics();
    const pool = poolOf(options.db);
    if (pool) app.addHook('onClose', watchPool(pool));
    app.addHook('onResponse', (request, reply, done) => {
      observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Server metrics in Prometheus text format',
        description:
          'Requests by route and status, latency histograms, event-loop lag, memory, database pool, orders, ' +
          'payments, refunds, refused webhooks and messages sent; with several worker processes, their sum. ' +
          'Send `Authorization: Bearer <METRICS_TOKEN>`; without it, or when the server has no METRICS_TOKEN, 401.',
        response: {
          200: z.string().describe('Prometheus text exposition format 0.0.4'),
          401: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!expected || !bearerMatches(request.headers.authorization, expected)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED', 'Metrics need the bearer token set in METRICS_TOKEN');
      }
      const text = cluster.isWorker ? await askPrimaryForMetrics() : await metricsRegistry.metrics();
      return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(text);
    },
  );
}
