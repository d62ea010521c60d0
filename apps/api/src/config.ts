import path from 'node:path';
import { z } from 'zod';
import { messageTemplates, newPasswordSchema, UNPAID_HOLD_LIMITS } from '@app/domain';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = (name: string) =>
  optionalString.pipe(z.url({ message: `${name} must be an http(s) URL` }).optional());

const envSchema = z.object({
  /**
   * Production unless asked otherwise (issue 40): `npm start` must never run with development's
   * leniencies. `npm run dev` sets development; the tests set test.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; the embedded PostgreSQL server is started when unset. */
  DATABASE_URL: optionalString.pipe(z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional()),
  /** The account the embedded PostgreSQL runs as when the server runs as root (PostgreSQL refuses root). */
  EMBEDDED_PG_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_-]{0,31}$/, { message: 'EMBEDDED_PG_USER must be an account name' })
    .default('postgres'),
  /** Lets the server create that account when it does not exist; off unless asked. */
  EMBEDDED_PG_CREATE_USER: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The site's public address: every absolute link is built from it, and requests naming another
   * host are refused. Unset: http://localhost:PORT, with a warning at start, and only this machine's
   * loopback names are answered (a local demo). The Host header never builds a link.
   */
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'ADMIN_EMAIL must be an e-mail address' }).optional()),
  /** Checked by the same policy as every chosen password: the admin account is the one to guess. */
  ADMIN_PASSWORD: optionalString.pipe(newPasswordSchema.optional()),
  /** Demo brands, stores, products and reviews on an empty database; set to false to skip. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Requests per minute per client IP across the API. Sized for a few hundred people sharing one
   * carrier-NAT address (about 30 requests a minute each), not for one person.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /** Applicant registrations per minute per client IP (expert, brand, retailer forms). */
  RATE_LIMIT_REGISTRATIONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Reviews and posts (a visitor's too) per minute per client IP. */
  RATE_LIMIT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Account look-ups by e-mail per minute per client IP, one budget for all their routes and
   * methods (GET/HEAD /users/getUserbyEmail, POST /endUsers/getEUserDetailsbyEmailId).
   */
  RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** File uploads per minute per client IP. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Files a signed-in account may upload in 24 hours, and their total size in MB. */
  UPLOAD_DAILY_FILES: z.coerce.number().int().min(1).default(100),
  UPLOAD_DAILY_MB: z.coerce.number().int().min(1).default(500),
  /** Uploads without an account (review and applicant images) per client IP in 24 hours. */
  ANONYMOUS_UPLOADS_PER_DAY: z.coerce.number().int().min(1).default(100),
  /** Orders placed per minute per client IP. */
  RATE_LIMIT_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Orders one client IP (IPv6: its /64), and one signed-in account, may have waiting for payment. */
  UNPAID_ORDERS_MAX: z.coerce.number().int().min(1).default(UNPAID_HOLD_LIMITS.orders),
  /** Units of one product they may hold in consumer orders waiting for payment. */
  UNPAID_UNITS_MAX: z.coerce.number().int().min(1).default(UNPAID_HOLD_LIMITS.unitsPerProduct),
  /**
   * API processes on this machine, all on PORT: a number or `auto` (one per core). More than one
   * needs DATABASE_URL (the embedded server belongs to one process) and REDIS_URL (shared counters).
   */
  WORKERS: z
    .string()
    .default('1')
    .refine((v) => v === 'auto' || /^[1-9][0-9]?$/.test(v), 'WORKERS must be a number from 1 to 99 or auto'),
  /** Redis for what every process must agree on: rate limits, login throttling, cache invalidation. */
  REDIS_URL: optionalString.pipe(z.url({ message: 'REDIS_URL must be a redis:// URL' }).optional()),
  /** PostgreSQL connections each process may open (see docs/deployment.md to size it). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A connection that sends nothing for this long is closed. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Longest time a client may take to send one whole request, uploads included. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Signs the device cookies that let a browser skip its address's login delays; generated and kept
   * in DATA_DIR when unset. Set the same value on every machine when several serve one site.
   */
  DEVICE_COOKIE_SECRET: optionalString.pipe(
    z.string().min(32, { message: 'DEVICE_COOKIE_SECRET must be at least 32 characters' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Bearer token that GET /metrics asks for (Prometheus' `authorization` in its scrape config).
   * Unset: /metrics answers 401 to everyone and no request metrics are collected.
   */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  ),
  /** Comma-separated origins allowed by CORS; off when unset (the web app is same-origin). */
  CORS_ORIGINS: optionalString,
  /** Number of proxies in front of the server whose X-Forwarded-For is trusted. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Built web app to serve; defaults to apps/web/dist next to this package. */
  WEB_DIST: optionalString,
  /**
   * outbox (default): e-mails and SMS are stored for the admin's outbox page, nothing leaves the
   * machine. live: e-mail over SMTP_URL and SMS through SMS_GATEWAY_URL.
   */
  MESSAGING: z.enum(['outbox', 'live']).default('outbox'),
  /** smtp://user:password@host:587 or smtps://…:465 */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: z.string().default('Revuhub <no-reply@revuhub.in>'),
  /** An MSG91-style HTTP endpoint that sends one SMS per POST; the key goes in the authkey header. */
  SMS_GATEWAY_URL: optionalUrl('SMS_GATEWAY_URL'),
  SMS_GATEWAY_KEY: optionalString,
  SMS_SENDER_ID: z.string().default('REVUHB'),
  /**
   * Notifications are sent right after their event is recorded, and every this many seconds those
   * that other processes recorded or that failed before. 0 sends none in the background (tests
   * that count statements; they send with sendDueNotifications).
   */
  NOTIFICATIONS_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Benchmarks only: `1` adds the floor route `/bench/floor/:bytes` (one `select 1`, a static body of
   * that many bytes; plugins/bench-floor.ts). Off in production: the route does not exist then.
   */
  BENCH_FLOOR: z.enum(['0', '1']).default('0'),
  /**
   * How long a process trusts a session it looked up, in ms (decision 036); 0 looks it up on every
   * request. A write request in the same process forgets them all at once.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How long a product's terms, as an order read them, serve the next signed-in buyer's order, in
   * ms (orders/known-terms.ts, decision 077); 0 reads every order's. The order's write refuses what
   * changed meanwhile, so only what the answer shows of the product may be this old.
   */
  ORDER_TERMS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * The DLT template id of each message template, as `template=id` pairs separated by commas
   * (e.g. `verify-contact=1107161234567890123,order-update=…`). Required for every template once an
   * SMS gateway is set: Indian operators drop an SMS whose template is not registered.
   */
  SMS_DLT_TEMPLATES: optionalString.transform((value, ctx) => parseDltTemplates(value, ctx)),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_REGION: z.string().default('auto'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl('S3_PUBLIC_URL'),
  /** Hosted card payments: the embedded simulator (default, offline) or Cashfree. */
  PAYMENT_PROVIDER: z.enum(['simulator', 'cashfree']).default('simulator'),
  CASHFREE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  CASHFREE_CLIENT_ID: optionalString,
  CASHFREE_CLIENT_SECRET: optionalString,
  CASHFREE_API_VERSION: z.string().default('2023-08-01'),
  /** Overrides the sandbox or production base URL (a fake Cashfree in tests). */
  CASHFREE_BASE_URL: optionalUrl('CASHFREE_BASE_URL'),
  /** Webhook signing secret of the simulator; a random one per process when unset. */
  PAYMENT_SIMULATOR_SECRET: optionalString,
  /** Webhooks signed longer ago than this are replays and refused. */
  PAYMENT_WEBHOOK_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  // Public details for the marketing and legal pages (GET /api/site/settings).
  COMPANY_NAME: z.string().default('Revuhub Technologies Private Limited'),
  SUPPORT_PHONE: z.string().default('+91 80 4718 2290'),
  SUPPORT_EMAIL: z.string().default('support@revuhub.in'),
  GRIEVANCE_OFFICER: z.string().default('Grievance Officer, Revuhub Technologies'),
  GRIEVANCE_EMAIL: z.string().default('grievance@revuhub.in'),
  REGISTERED_ADDRESS: z
    .string()
    .default('3rd Floor, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034, India'),
  SOCIAL_INSTAGRAM_URL: z.string().default('https://www.instagram.com/revuhub'),
  SOCIAL_FACEBOOK_URL: z.string().default('https://www.facebook.com/revuhub'),
  SOCIAL_TWITTER_URL: z.string().default('https://twitter.com/revuhub'),
  SOCIAL_LINKEDIN_URL: z.string().default('https://www.linkedin.com/company/revuhub'),
  APP_ANDROID_URL: z.string().default('https://play.google.com/store/apps/details?id=in.revuhub.app'),
  APP_IOS_URL: z.string().default('https://apps.apple.com/in/app/revuhub/id0000000000'),
  DEALER_APP_URL: z.string().default('https://play.google.com/store/apps/details?id=in.revuhub.dealer'),
  /**
   * Map tiles for the store locator (decision 025): an XYZ URL template with {z}, {x} and {y}, from
   * your own tile server or a commercial provider. Unset: the map shows its pins on a plain
   * background and loads nothing from outside.
   */
  MAP_TILE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, { message: 'MAP_TILE_URL must be an http(s) URL template' })
      .refine((v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)), {
        message: 'MAP_TILE_URL must contain {z}, {x} and {y}',
      })
      .optional(),
  ),
  /** The credit the tile source requires, shown on the map, e.g. "© OpenStreetMap contributors, © MapTiler". */
  MAP_TILE_ATTRIBUTION: z.string().default(''),
});

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  /** The origin links are built from: PUBLIC_URL's, or http://localhost:PORT without it. */
  siteUrl: string;
};

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const s3Keys = [c.S3_ENDPOINT, c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  S3_*: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  if (c.PAYMENT_PROVIDER === 'cashfree' && (!c.CASHFREE_CLIENT_ID || !c.CASHFREE_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  CASHFREE_*: PAYMENT_PROVIDER=cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET',
    );
  }
  if (c.MESSAGING === 'live' && !c.SMTP_URL && !(c.SMS_GATEWAY_URL && c.SMS_GATEWAY_KEY)) {
    throw new Error(
      'Invalid configuration:\n  MESSAGING: live needs SMTP_URL, or SMS_GATEWAY_URL with SMS_GATEWAY_KEY',
    );
  }
  if (c.MESSAGING === 'live' && c.SMS_GATEWAY_URL) {
    const missing = messageTemplates.filter((t) => !c.SMS_DLT_TEMPLATES[t]);
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration:\n  SMS_DLT_TEMPLATES: an SMS gateway needs the DLT template id of ${missing.join(', ')}`,
      );
    }
  }
  const siteUrl = new URL(c.PUBLIC_URL ?? `http://localhost:${String(c.PORT)}`).origin;
  return { ...c, dataDir: path.resolve(c.DATA_DIR), siteUrl };
}

function parseDltTemplates(
  value: string | undefined,
  ctx: z.RefinementCtx,
): Partial<Record<(typeof messageTemplates)[number], string>> {
  const ids: Partial<Record<(typeof messageTemplates)[number], string>> = {};
  for (const pair of (value ?? '').split(',').filter((p) => p.trim())) {
    const [name = '', id = ''] = pair.split('=').map((p) => p.trim());
    const template = messageTemplates.find((t) => t === name);
    if (!template || !/^\d{19}$/.test(id)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${pair.trim()}" is not template=id with a known template and a 19-digit DLT id`,
      });
      continue;
    }
    ids[template] = id;
  }
  return ids;
}
