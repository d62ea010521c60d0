import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { sentBuyerDevice } from '../lib/buyer-device.js';
import { createRecentMap } from '../lib/recent-map.js';

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
 * door is used. A browser that sends its `buyer_device` cookie (lib/buyer-device.ts) has the same
 * budget again per device, counted over every address it comes from, so one device cannot look up
 * more numbers by spreading its requests over addresses (issue 40). A client without the cookie
 * has the address's budget alone, as before: dropping the cookie gains nothing.
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
  let lookupDeviceLimit: onRequestHookHandler | undefined;
  // Without Redis every budget is counted here, by a synchronous hook: the plugin's own hook takes
  // five promises and three awaits on every request to do the same counting (4.5% of an order's
  // server time, measured with perf in the orders bench).
  const globalLimit = redis ? undefined : localRateLimit(config.RATE_LIMIT_PER_MINUTE);
  /** Runs `limit` on the route after its own onRequest hooks, where the plugin would put it. */
  const addLimit = (route: RouteOptions, limit: onRequestHookHandler) => {
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), limit];
  };

  // Runs before the rate-limit plugin's own onRoute hook (registered below), which reads
  // config.rateLimit. The config object may be shared between routes, so it is copied.
  app.addHook('onRoute', (route) => {
    const budget = route.config?.rateBudget;
    if (budget === 'lookup') {
      sharedLookupLimit ??= redis
        ? app.rateLimit({ max: config.RATE_LIMIT_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' })
        : localRateLimit(config.RATE_LIMIT_LOOKUPS_PER_MINUTE);
      // Not the plugin's: it counts at most once per request, and the address was counted above.
      lookupDeviceLimit ??= redis
        ? redisRateLimit(
            redis,
            'revuhub:rate:lookup-device:',
            config.RATE_LIMIT_LOOKUPS_PER_MINUTE,
            deviceKey,
          )
        : localRateLimit(config.RATE_LIMIT_LOOKUPS_PER_MINUTE, Date.now, deviceKey);
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [sharedLookupLimit, lookupDeviceLimit, ...existing];
      route.config = { ...route.config, rateLimit: false };
    } else if (budget && redis) route.config = { ...route.config, rateLimit: budgets[budget] };
    // As the plugin does for a route's own limit: a counter of its own, per route.
    else if (budget) {
      addLimit(route, localRateLimit(budgets[budget].max));
      route.config = { ...route.config, rateLimit: false };
    }
    // Hashed web assets are immutable and cached by browsers; counting them would only let a
    // first page load eat into the budget of everyone behind the same address.
    else if (route.url?.startsWith('/assets/')) route.config = { ...route.config, rateLimit: false };
    // Where the plugin would add its global hook: routes with no budget of their own, after their
    // other onRequest hooks.
    if (globalLimit && route.config?.rateLimit == null) addLimit(route, globalLimit);
  });

  await app.register(rateLimit, {
    // With Redis, the plugin counts the global budget too (shared by every process).
    global: !globalLimit,
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
    errorResponseBuilder: (_request, context) => rateLimited(context.after),
  });
}

const rateLimited = (after: string) => ({
  statusCode: 429,
  status: 429,
  code: 'RATE_LIMITED',
  message: `Too many requests, try again in ${after}`,
});

const WINDOW_MS = 60_000;

/** What a budget is counted per: a string, or undefined for a request the budget does not count. */
type KeyOf = (request: FastifyRequest) => string | undefined;
const addressKey: KeyOf = (request) => request.ip ?? 'disconnected';
const deviceKey: KeyOf = (request) => sentBuyerDevice(request.headers.cookie);

/** The plugin's headers and body for a refused request, `seconds` before its window ends. */
function refusal(reply: FastifyReply, max: number, seconds: number) {
  void reply
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', 0)
    .header('x-ratelimit-reset', seconds)
    .header('retry-after', seconds);
  // What the plugin writes (@lukeed/ms): "45 seconds", "1 second", "1 minute".
  const after = seconds >= 60 ? '1 minute' : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return rateLimited(after) as unknown as Error;
}

/**
 * A budget as the plugin counts it in memory (its LocalStore): per client address (or `keyOf`) a
 * window of one minute from its first request, at least the 5,000 most recently seen keys kept
 * (at most 10,000), and past `max` a 429 with the same headers and body as the plugin's.
 */
export function localRateLimit(max: number, now = Date.now, keyOf = addressKey): onRequestHookHandler {
  // A key seen again moves to the newest generation. One Map in recency order (delete, set, and
  // evict its first key) cost every request 3.3 µs once more than 5,000 addresses were active,
  // against 0.2 µs this way (a micro-benchmark of 8,000 addresses).
  const windows = createRecentMap<string, { count: number; start: number }>(10_000);
  return function countRequest(request, reply, done) {
    const key = keyOf(request);
    if (key === undefined) return done();
    const time = now();
    let window = windows.get(key);
    if (!window || window.start + WINDOW_MS <= time) window = { count: 0, start: time };
    window.count += 1;
    windows.set(key, window);
    if (window.count <= max) return done();
    done(refusal(reply, max, Math.ceil((WINDOW_MS - (time - window.start)) / 1000)));
  };
}

/** The plugin's Redis counting (a window from the first request), in one atomic step. */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/** localRateLimit counted in Redis, shared by every API process; Redis away, it lets requests by. */
function redisRateLimit(redis: Redis, prefix: string, max: number, keyOf: KeyOf): onRequestHookHandler {
  return function countRequest(request, reply, done) {
    const key = keyOf(request);
    if (key === undefined) return done();
    void redis.eval(COUNT_SCRIPT, 1, prefix + key, WINDOW_MS).then(
      (counted) => {
        const [count, ttl] = counted as [number, number];
        done(count > max ? refusal(reply, max, Math.max(1, Math.ceil(ttl / 1000))) : undefined);
      },
      // As the plugin's skipOnError: /api/ready reports Redis meanwhile.
      () => done(),
    );
  };
}
