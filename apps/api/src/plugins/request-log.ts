import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { currentRequest } from '../lib/request-context.js';

/**
 * Logger settings. Fastify's own request logging (two lines per request, each with the request
 * and socket serialized) is off; `requestLogPlugin` writes one line instead. Lines go to stdout
 * without blocking (a synchronous write per request was a tenth of the CPU under load), gathered
 * into one write per turn of the event loop (`stdoutByTurn`).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    mixin: requestIdOfLine,
    mixinMergeStrategy,
  };
  if (config.LOG_LEVEL === 'silent') return options;
  return { ...options, stream: stdoutByTurn() };
}

let stdout: { write(line: string): void } | undefined;

/**
 * Standard output, written once per turn of the event loop with every line logged in it. Pino's
 * asynchronous destination alone writes a line as soon as the previous write is done, so a server
 * that was busy but not saturated paid a thread-pool write (a futex wake and two thread switches)
 * for each request's line: about two context switches per request in the benchmark, fewer than one
 * in twenty this way. Lines still pending when the process exits are written then. One per process,
 * as stdout is.
 */
export function stdoutByTurn(): { write(line: string): void } {
  if (stdout) return stdout;
  const out = pino.destination({ dest: 1, sync: false });
  let pending = '';
  const flush = () => {
    const lines = pending;
    pending = '';
    out.write(lines);
  };
  process.on('exit', () => {
    if (pending === '') return;
    flush();
    try {
      out.flushSync();
    } catch {
      // stdout already closed (EPIPE): nowhere left to write
    }
  });
  stdout = {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
  };
  return stdout;
}

/** What the mixin returns for a line it adds nothing to; never changed (see mixinMergeStrategy). */
const NO_FIELDS = Object.freeze({});

/**
 * Lines written through the app's logger (services, providers) while answering a request name it
 * too. The request's own logger is skipped: Fastify binds `requestId` to it already.
 */
function requestIdOfLine(_fields: object, _level: number, logger: object): object {
  const request = currentRequest();
  return request && request.log !== logger ? { requestId: request.requestId } : NO_FIELDS;
}

/**
 * Pino's own strategy copies the line's fields into the mixin's object; a line the mixin adds nothing
 * to (every request's own line) is logged as it is, without that copy.
 */
function mixinMergeStrategy(fields: object, mixed: object): object {
  return mixed === NO_FIELDS ? fields : Object.assign(mixed, fields);
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
