import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runInRequest } from '../lib/request-context.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a client may send as its id: what fits a log line and a header unescaped. Anything else
 * (too long, spaces, quotes, newlines) is replaced rather than refused: the request itself is fine.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the client's X-Request-Id when valid, so its logs and ours name the same
 * request; otherwise a random UUID (Fastify's default counter restarts with each process and
 * repeats across workers).
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the id on every answer. The first onRequest hook, so answers refused by later hooks (host
 * check, rate limits, 404s) carry it too; routing errors set it in `frameworkErrors`.
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Entered once the body is parsed: parsing runs in the socket's callbacks, outside any context
  // entered before it. Everything the handler calls or awaits runs inside.
  app.addHook('preHandler', (request, _reply, done) => {
    runInRequest({ requestId: request.id, log: request.log }, done);
  });
}
