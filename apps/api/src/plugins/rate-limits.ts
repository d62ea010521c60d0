import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

/**
 * Tight budgets for the routes where abuse matters. A route names its budget:
 *
 *   app.post('/path', { config: { rateBudget: 'registration' } }, handler)
 *
 * and gets its own counter per client IP with the limit below; every other route shares the
 * generous global counter. The numbers come from the environment (see README, "Rate limits").
 *
 * `lookup` is different: one counter per IP shared by every route (and method: GET, HEAD, POST)
 * that names it, so asking "does this e-mail have an account?" costs the same budget whichever
 * door is used.
 */
export type RateBudget = 'registration' | 'upload' | 'order' | 'lookup' | 'posting';

declare module 'fastify' {
  interface FastifyContextConfig {
    rateBudget?: RateBudget;
  }
}

/** `redis`: count in Redis, so every API process shares one budget per client (REDIS_URL). */
export async function registerRateLimits(app: FastifyInstance, config: Config, redis?: Redis) {
  const budgets: Record<Exclude<RateBudget, 'lookup'>, { max: number; timeWindow: string }> = {
    registration: { max: config.RATE_LIMIT_REGISTRATIONS_PER_MINUTE, timeWindow: '1 minute' },
    posting: { max: config.RATE_LIMIT_POSTS_PER_MINUTE, timeWindow: '1 minute' },
    upload: { max: config.RATE_LIMIT_UPLOADS_PER_MINUTE, timeWindow: '1 minute' },
    order: { max: config.RATE_LIMIT_ORDERS_PER_MINUTE, timeWindow: '1 minute' },
  };

  // One handler (so one store) for every lookup route; made on first use, after the plugin is registered.
  let sharedLookupLimit: onRequestHookHandler | undefined;

  // Runs before the rate-limit plugin's own onRoute hook (registered below), which reads
  // config.rateLimit. The config object may be shared between routes, so it is copied.
  app.addHook('onRoute', (route) => {
    const budget = route.config?.rateBudget;
    if (budget === 'lookup') {
      sharedLookupLimit ??= app.rateLimit({
        max: config.RATE_LIMIT_LOOKUPS_PER_MINUTE,
        timeWindow: '1 minute',
      }) as onRequestHookHandler;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [sharedLookupLimit, ...existing];
      route.config = { ...route.config, rateLimit: false };
    } else if (budget) route.config = { ...route.config, rateLimit: budgets[budget] };
    // Hashed web assets are immutable and cached by browsers; counting them would only let a
    // first page load eat into the budget of everyone behind the same address.
    else if (route.url?.startsWith('/assets/')) route.config = { ...route.config, rateLimit: false };
  });

  await app.register(rateLimit, {
    global: true,
    // Per client IP. Many mobile users share one public address behind carrier NAT, so the global
    // budget is sized for a crowd, not a person: it stops floods, while the budgets above stop abuse.
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // A client that hung up before its request was handled has no address any more; the plugin's
    // own key (request.ip) then throws and logs a 500 for nobody. Such requests share one key.
    keyGenerator: (request) => request.ip ?? 'disconnected',
    ...(redis
      ? {
          redis,
          nameSpace: 'revuhub:rate:',
          // Redis away: serve rather than fail every request; /api/ready reports it meanwhile.
          skipOnError: true,
        }
      : {}),
    // The limit headers go on refused answers only; every other answer stays smaller.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests, try again in ${context.after}`,
    }),
  });
}
