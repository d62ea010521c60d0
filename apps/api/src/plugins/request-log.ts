import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { currentRequest } from '../lib/request-context.js';

/**
 * Logger settings. Fastify's own request logging (two lines per request, each with the request
 * and socket serialized) is off; `requestLogPlugin` writes one line instead. Lines go to stdout
 * without blocking: a synchronous write per request was a tenth of the CPU under load. Pino
 * flushes what is pending when the process exits.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    mixin: requestIdOfLine,
  };
  if (config.LOG_LEVEL === 'silent') return options;
  return { ...options, stream: pino.destination({ dest: 1, sync: false }) };
}

/**
 * Lines written through the app's logger (services, providers) while answering a request name it
 * too. The request's own logger is skipped: Fastify binds `requestId` to it already. A fresh object
 * each time: pino merges the line's fields into what this returns.
 */
function requestIdOfLine(_fields: object, _level: number, logger: object): object {
  const request = currentRequest();
  return request && request.log !== logger ? { requestId: request.requestId } : {};
}

/** One info line per answered request: method, route (the pattern, not the ids), status, time. */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    // Nothing to build per request when the level drops these lines anyway.
    if (['warn', 'error', 'fatal', 'silent'].includes(app.log.level)) return;
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          // Unmatched paths without their query string, which may hold personal data.
          route: request.routeOptions.url ?? request.url.split('?')[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log' },
);
