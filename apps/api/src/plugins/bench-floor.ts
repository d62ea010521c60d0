import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * The floor under any route that reads the database, for the benchmarks (issue 24): the same
 * server, with every hook a public route has, runs one `select 1` through the same pool and answers
 * a static JSON body of `bytes` bytes, the size of the route it is compared with (a third of a cache
 * miss is socket writes). No database route can be faster than this on the same machine. Registered
 * only with BENCH_FLOOR=1, and outside /api, so it never exists in production.
 */
export function registerBenchFloor(app: FastifyInstance, db: Database) {
  const bodies = new Map<number, string>();
  const bodyOf = (bytes: number) => {
    let body = bodies.get(bytes);
    if (body === undefined) {
      const envelope = '{"status":200,"message":"OK","Data":""}';
      body = `${envelope.slice(0, -2)}${'x'.repeat(Math.max(0, bytes - envelope.length))}"}`;
      bodies.set(bytes, body);
    }
    return body;
  };
  const selectOne = sql`select 1`;
  const floor = async (bytes: number) => {
    await db.execute(selectOne);
    return bodyOf(Math.min(Math.max(bytes, 0), 1024 * 1024));
  };
  // POST reads and ignores its JSON body, as the nearby and Similar Responses searches read theirs.
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { bytes: string } }>({
      method,
      url: '/bench/floor/:bytes',
      schema: { hide: true },
      handler: async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(await floor(Number.parseInt(request.params.bytes, 10) || 0)),
    });
  }
}
