import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { setMediaBases } from '@app/domain';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAccessControl } from './plugins/access-control.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { httpCachePlugin } from './plugins/http-cache.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { loggerOptions, requestLogPlugin } from './plugins/request-log.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { registerDocs } from './plugins/docs.js';
import { bodyChecker, bodyEncoder, responseEncoder } from './plugins/response-encoding.js';
import { requestValidator } from './plugins/request-validation.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.js';
import { registerTextHygiene } from './plugins/text-hygiene.js';
import { registerHostCheck } from './plugins/host-check.js';
import { registerRequestIds, requestIdOf } from './plugins/request-id.js';
import { registerMetrics } from './plugins/metrics.js';
import { trackCommits } from './lib/domain-events.js';
import { countedMessaging } from './providers/messaging/counted-messaging.js';
import { registerBenchFloor } from './plugins/bench-floor.js';
import { isWebAppPath, landingScriptHashes, registerStaticWeb } from './plugins/static-web.js';
import type { StorageProvider } from './providers/storage/storage.js';
import type { MessagingProvider } from './providers/messaging/messaging.js';
import { createMessaging } from './providers/messaging/create-messaging.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { backupsRoutes } from './modules/backups/backups.routes.js';
import { createOutboxService } from './modules/outbox/outbox.service.js';
import type { CacheBus } from './lib/cache-bus.js';
import { createDeviceCookies, deviceCookieSecret } from './lib/device-cookies.js';
import { LoginThrottle } from './lib/login-throttle.js';
import { createSharedState, type SharedState } from './lib/shared-state.js';
import { sql } from 'drizzle-orm';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createContactCodes } from './modules/accounts/contact-codes.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import {
  applyPendingApplication,
  createApplicationsService,
} from './modules/applications/applications.service.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { shopsRoutes } from './modules/shops/shops.routes.js';
import { createShopsService } from './modules/shops/shops.service.js';
import { locatorRoutes } from './modules/locator/locator.routes.js';
import { createLocatorService } from './modules/locator/locator.service.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { createLookupsService } from './modules/lookups/lookups.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { createProductsService } from './modules/products/products.service.js';
import { createMediaService } from './modules/media/media.service.js';
import { childEncoder, createImageWork, createVariantWorker } from './modules/media/image-variants.js';
import { createStorage } from './providers/storage/create-storage.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { createPostsService } from './modules/posts/posts.service.js';
import { queriesRoutes } from './modules/queries/queries.routes.js';
import { createQueriesService } from './modules/queries/queries.service.js';
import { mentionsRoutes } from './modules/mentions/mentions.routes.js';
import { tagAcceptanceRoutes } from './modules/mentions/tag-acceptance.routes.js';
import { postModerationRoutes } from './modules/posts/post-moderation.routes.js';
import { orderConfirmedByBuyer, verifyPostByOrders } from './modules/posts/purchase-verification.js';
import { findOrderById, orderEventPayload } from './modules/orders/order-data.js';
import { ratingSummariesRoutes } from './modules/posts/rating-summaries.routes.js';
import { reviewRequestsRoutes } from './modules/review-requests/review-requests.routes.js';
import { reviewFeedbackRoutes } from './modules/posts/review-feedback.routes.js';
import { acceptAnswerRoutes } from './modules/queries/accept-answer.routes.js';
import { createMentionsService } from './modules/mentions/mentions.service.js';
import { storeTags } from './modules/mentions/tag-acceptance.js';
import { recordQueryAnswered } from './modules/queries/query-answered.js';
import { recordQueryAsked } from './modules/queries/query-asked.js';
import { findQuestion } from './modules/queries/question-context.js';
import { registerPublicPageHeads } from './modules/site/public-page-heads.js';
import { registerSharedPages } from './modules/site/shared-pages.js';
import { registerSitemap, isPrivateAppPath } from './modules/site/sitemap.js';
import { contributionsRoutes } from './modules/contributions/contributions.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { startNotifications } from './modules/notifications/notifications.job.js';
import { skillsRoutes } from './modules/skills/skills.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSkillsService } from './modules/skills/skills.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { orderListRoutes } from './modules/orders/order-lists.routes.js';
import { createOrderLinks } from './modules/orders/order-links.js';
import { businessBuyerRoutes } from './modules/orders/business-buyer.routes.js';
import { scheduleJob } from './lib/schedule.js';
import type { DeliverBuyerPassword } from './modules/orders/orders-context.js';
import { paymentRoutes, paymentWebhookRoutes } from './modules/payments/payments.routes.js';
import { simulatorPageRoutes } from './modules/payments/simulator-page.routes.js';
import { reconcileOverdue } from './modules/payments/reconcile-overdue.js';
import { refundsRoutes } from './modules/refunds/refunds.routes.js';
import { reconcileOpenRefunds } from './modules/refunds/reconcile-open-refunds.js';
import { cashOnDeliveryRoutes } from './modules/cash-on-delivery/cash-on-delivery.routes.js';
import { deliveryAddressRoutes } from './modules/orders/delivery-address.routes.js';
import { codRefundRoutes } from './modules/refunds/cod-refunds.routes.js';
import { sweepUnacceptedCod } from './modules/cash-on-delivery/sweep-unaccepted-cod.js';
import { wireOrderPath } from './order-path.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { gstinApprovalRoutes } from './modules/invoices/gstin-approvals.routes.js';
import { ledgerRoutes } from './modules/ledger/ledger.routes.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { createBuyerPasswordDelivery } from './modules/orders/buyer-password.js';
import { createPaymentProvider } from './providers/payments/create-payment-provider.js';
import type { PaymentProvider } from './providers/payments/payment-provider.js';
import { localizeError } from './lib/request-language.js';

export interface AppDeps {
  /**
   * Encodes every answer with zod as well and fails it when the two differ (plugins/response-encoding.ts);
   * on by default when NODE_ENV is test.
   */
  verifyAnswers?: boolean;
  config: Config;
  db: Database;
  storage?: StorageProvider;
  /** E-mail and SMS; created from the configuration (the outbox by default) when not given. */
  messaging?: MessagingProvider;
  logger?: FastifyServerOptions['logger'];
  /** Carries cache invalidations; defaults to the shared state's bus. */
  cacheBus?: CacheBus;
  /**
   * Counters and invalidations every process must agree on; built from REDIS_URL when absent (and
   * then closed with the app).
   */
  shared?: SharedState;
  /** Hosted card payments; chosen from the configuration when absent. */
  payments?: PaymentProvider;
  /** Sends the one-time password of an account made for an anonymous buyer. */
  deliverBuyerPassword?: DeliverBuyerPassword;
  /** The pool behind `db`: the admin's backups stream each table with COPY on one of its connections. */
  pool?: pg.Pool;
  /**
   * `db` through connections whose statements are planned once (db/client.ts): the searches'.
   * `db` itself when absent.
   */
  plannedOnce?: Database;
  /** A server already listening (lib/listen-early.ts) instead of one Fastify makes at listen. */
  serverFactory?: FastifyServerOptions['serverFactory'];
  /**
   * Whether this process runs the scheduled jobs (reconciling orders and refunds, purging uploads);
   * true when absent. Tests turn them off: they count the statements a request sends, and a job
   * running meanwhile on a loaded machine would be counted with them.
   */
  scheduledJobs?: boolean;
}

// Fastify's factory types are written for Ajv; the compilers take the same calls at run time.
const compilers = (serializerCompiler: ReturnType<typeof responseEncoder>) =>
  ({
    buildValidator: () => requestValidator,
    buildSerializer: () => serializerCompiler,
  }) as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole application without listening, so tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage, messaging, logger, payments, deliverBuyerPassword } = deps;
  const shared = deps.shared ?? (await createSharedState(config.REDIS_URL));
  const cacheBus = deps.cacheBus ?? shared.cacheBus;
  // Answers: fast-json-stringify from the zod response schemas (decision 034).
  const verifyAnswers = deps.verifyAnswers ?? config.NODE_ENV === 'test';
  const serializerCompiler = responseEncoder({ verify: verifyAnswers });
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // Fastify's two lines per request are replaced by one (plugins/request-log.ts).
    // Each request's log lines carry its id as `requestId` (plugins/request-id.ts).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // The client's X-Request-Id when valid, else a UUID.
    genReqId: requestIdOf,
    // A hop count, not `true`: only the configured number of proxies may set the client IP. Given
    // as a function because Fastify 5 now ignores X-Forwarded-* entirely for a plain number, which
    // made every client behind the proxy one IP (one shared rate limit) and hid https from HSTS.
    ...(config.TRUST_PROXY > 0
      ? { trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY }
      : {}),
    bodyLimit: 1024 * 1024,
    // Errors raised before the error handler runs answer the same envelope (issue 20, finding 10).
    frameworkErrors,
    clientErrorHandler,
    // Without these a client that sends headers and then nothing holds its socket for ever.
    connectionTimeout: config.CONNECTION_TIMEOUT_SECONDS * 1000,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // Requests are validated by zod, each schema compiled (plugins/request-validation.ts). Naming
    // the compilers here keeps Fastify from loading Ajv's compiler at start-up only to replace it.
    schemaController: { compilersFactory: compilers(serializerCompiler) },
    ...(deps.serverFactory ? { serverFactory: deps.serverFactory } : {}),
  });
  app.setValidatorCompiler(requestValidator);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIds(app);
  registerErrorHandler(app);
  registerTextHygiene(app);
  registerHostCheck(app, { siteUrl: config.siteUrl });

  // Uploaded files may live on another origin (S3, a CDN in PUBLIC_URL): images and video may load from it.
  const mediaOrigins = [
    config.S3_PUBLIC_URL ?? (config.S3_BUCKET ? config.S3_ENDPOINT : undefined),
    config.PUBLIC_URL,
  ]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);
  const paymentOrigins =
    config.PAYMENT_PROVIDER === 'cashfree'
      ? [
          'https://sdk.cashfree.com',
          config.CASHFREE_ENV === 'production' ? 'https://api.cashfree.com' : 'https://sandbox.cashfree.com',
        ]
      : [];
  const webDist = config.WEB_DIST ?? defaultWebDist();
  await app.register(securityHeadersPlugin, {
    mediaOrigins,
    paymentOrigins,
    scriptHashes: landingScriptHashes(webDist),
    https: config.PUBLIC_URL?.startsWith('https://') ?? false,
  });
  await app.register(requestLogPlugin);
  if (config.CORS_ORIGINS) {
    const allowed = new Set(config.CORS_ORIGINS.split(',').map((o) => o.trim()));
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && allowed.has(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
        reply.header('access-control-allow-headers', 'authorization, content-type');
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        if (request.method === 'OPTIONS') return reply.status(204).send();
      }
    });
  }
  if (!deps.shared) app.addHook('onClose', () => shared.close());
  await registerRateLimits(app, config, shared.rateLimitRedis);
  await app.register(httpCachePlugin);
  await app.register(compressionPlugin);
  await app.register(authPlugin, { db, sessionCacheMs: config.SESSION_CACHE_MS });
  registerAccessControl(app);
  await registerDocs(app, config);

  const store = storage ?? createStorage(config);
  const messages = countedMessaging(messaging ?? createMessaging(config, db, app.log));
  // Events reach their after-commit listeners (the metrics' counters) only once committed.
  trackCommits(db);
  await registerMetrics(app, { token: config.METRICS_TOKEN, db });
  // Forms may send back only links to this storage (packages/domain, media.ts).
  setMediaBases(store.publicBase.startsWith('/') ? [] : [store.publicBase]);
  // Image work runs in a child process that exits when idle: each upload's re-encode, then its
  // smaller AVIF and WebP copies, made one at a time after the upload answers. Both take turns
  // by account (createImageWork), so one account's backlog does not hold up another's upload.
  const imageEncoder = childEncoder(app.log);
  const imageWork = createImageWork();
  const imageVariants = createVariantWorker(db, store, app.log, { encoder: imageEncoder, work: imageWork });
  app.addHook('onClose', () => imageVariants.close());
  const media = createMediaService(db, store, {
    variants: imageVariants,
    reencode: (file, maxPixels, owner) => imageWork.run(owner, () => imageEncoder.reencode(file, maxPixels)),
    dailyFiles: config.UPLOAD_DAILY_FILES,
    dailyBytes: config.UPLOAD_DAILY_MB * 1024 * 1024,
    anonymousPerDay: config.ANONYMOUS_UPLOADS_PER_DAY,
  });
  const codes = createContactCodes(db, messages);
  // One secret signs device cookies and the unsubscribe links of messages.
  const signingSecret = deviceCookieSecret(config, app.log);
  // An order id opens nothing without the order's key, made with the same secret (decision 063).
  const orderLinks = createOrderLinks(db, signingSecret);
  const claimsContext = {
    db,
    codes,
    onDeliveryError: (error: unknown) =>
      app.log.error({ err: error }, 'Confirmation code of a held contribution not delivered'),
  };
  const visitorAccounts = {
    messaging: messages,
    codes,
    onDeliveryError: (error: unknown) =>
      app.log.error({ err: error }, 'One-time password of a visitor account not delivered'),
  };
  // Posts and held contributions take part in the queries' and the mentions' work through these
  // functions, passed in here: those modules read posts, and posts and queries open claims (decision 073).
  const posts = createPostsService(db, { ...visitorAccounts, findQuestion, recordQueryAnswered, storeTags });
  const publication = {
    // A confirmed post is its author's now: their orders verify it (issue 41), and its question's asker is told.
    postPublished: async (tx: Database, postId: string) => {
      await verifyPostByOrders(tx, postId);
      await recordQueryAnswered(tx, postId);
    },
    queryPublished: recordQueryAsked,
    orderConfirmed: async (tx: Database, orderId: string) => {
      const order = await findOrderById(tx, orderId);
      if (!order) return;
      const refunded = order.paymentState === 'REFUNDED';
      await orderConfirmedByBuyer(tx, await orderEventPayload(tx, order), { refunded });
    },
    storeTags,
  };
  const queriesService = createQueriesService(db, visitorAccounts);
  const shops = createShopsService(db);
  // Orders, payments, refunds and cash on delivery, each given what it needs of the others.
  const orderPath = wireOrderPath({
    db,
    claims: claimsContext,
    provider: payments ?? createPaymentProvider(config),
    log: app.log,
    holdLimits: { orders: config.UNPAID_ORDERS_MAX, unitsPerProduct: config.UNPAID_UNITS_MAX },
    deliverPassword: deliverBuyerPassword ?? createBuyerPasswordDelivery(db, messages),
    termsCacheMs: config.ORDER_TERMS_CACHE_MS,
  });
  await app.register(
    async (api) => {
      await api.register(accountsRoutes, {
        accounts: createAccountsService(db, {
          sessionTtlDays: config.SESSION_TTL_DAYS,
          throttle: new LoginThrottle(shared.throttleStore),
          deviceCookies: createDeviceCookies(signingSecret),
          messaging: messages,
          codes,
          applyPendingApplication,
        }),
      });
      await api.register(applicationsRoutes, {
        applications: createApplicationsService(db, { codes }),
      });
      await api.register(addressesRoutes, { db });
      await api.register(adminRoutes, { admin: createAdminService(db) });
      await api.register(siteRoutes, { config });
      await api.register(shopsRoutes, { shops });
      await api.register(locatorRoutes, { locator: createLocatorService(db) });
      await api.register(lookupsRoutes, {
        lookups: createLookupsService(db, { bus: cacheBus }),
      });
      // Uploads are spooled next to the data rather than in /tmp, which may be memory (tmpfs).
      await api.register(mediaRoutes, { media, tmpDir: path.join(config.dataDir, 'tmp') });
      await api.register(productsRoutes, {
        products: createProductsService(db, {
          bus: cacheBus,
          encodeBody: bodyEncoder(serializerCompiler),
          checkBody: bodyChecker(verifyAnswers),
        }),
      });
      await api.register(postsRoutes, { posts });
      await api.register(ratingSummariesRoutes, { db });
      await api.register(reviewFeedbackRoutes, { db });
      await api.register(acceptAnswerRoutes, { db });
      await api.register(reviewRequestsRoutes, { ctx: { db, secret: signingSecret } });
      await api.register(queriesRoutes, {
        queries: queriesService,
        searchesPerMinute: config.RATE_LIMIT_PER_MINUTE,
      });
      await api.register(mentionsRoutes, { mentions: createMentionsService(db) });
      await api.register(tagAcceptanceRoutes, { db });
      await api.register(postModerationRoutes, { db, bus: cacheBus });
      // In the order the OpenAPI document has always listed these routes (its client is generated).
      await api.register(ordersRoutes, {
        ctx: orderPath.orders,
        siteUrl: config.siteUrl,
        cashfreeMode: config.CASHFREE_ENV,
        proofSecret: signingSecret,
        links: orderLinks,
      });
      await api.register(paymentRoutes, {
        ctx: orderPath.payments,
        siteUrl: config.siteUrl,
        cashfreeMode: config.CASHFREE_ENV,
        links: orderLinks,
      });
      await api.register(orderListRoutes, { ctx: orderPath.orders });
      await api.register(businessBuyerRoutes, { db, codes, secret: signingSecret });
      await api.register(refundsRoutes, { ctx: orderPath.refunds, links: orderLinks });
      await api.register(codRefundRoutes, { ctx: orderPath.refunds });
      await api.register(cashOnDeliveryRoutes, { ctx: orderPath.cashOnDelivery });
      await api.register(deliveryAddressRoutes, { ctx: orderPath.orders, links: orderLinks });
      await api.register(paymentWebhookRoutes, { ctx: orderPath.payments, refunds: orderPath.refunds });
      await api.register(invoicesRoutes, { db, links: orderLinks, secret: signingSecret });
      await api.register(gstinApprovalRoutes, { db });
      // Registers the ledger's reactions to order and refund facts (decision 033).
      await api.register(ledgerRoutes, { db });
      await api.register(outboxRoutes, { outbox: createOutboxService(db) });
      await api.register(backupsRoutes, {
        ctx: { pool: deps.pool, dataDir: config.dataDir, uploads: store.kind },
      });
      await api.register(skillsRoutes, { skills: createSkillsService(db) });
      await api.register(searchRoutes, { db: deps.plannedOnce ?? db, bus: cacheBus });
      await api.register(contributionsRoutes, { ctx: { ...claimsContext, publication } });
      await api.register(notificationsRoutes, { db, secret: signingSecret });
      // Download my data, delete my account, and both by a code for a visitor (decision 040).
      await api.register(privacyRoutes, { ctx: { db, storage: store, log: app.log }, codes });
      // Liveness: the process answers. Readiness: it can also do its work, so a load balancer stops
      // sending here while the database or Redis is out of reach.
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 200, message: 'OK' }));
      api.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
        const failed: string[] = [];
        await Promise.all([
          withTimeout(db.execute(sql`select 1`), 2000).catch(() => failed.push('database')),
          withTimeout(shared.ping(), 2000).catch(() => failed.push('redis')),
        ]);
        reply.header('cache-control', 'no-store');
        if (failed.length === 0) return { status: 200, message: 'ready' };
        return reply.status(503).send({
          status: 503,
          code: 'NOT_READY',
          message: `Not ready: ${failed.join(' and ')} not answering`,
        });
      });
    },
    { prefix: '/api' },
  );

  if (store.kind === 'local') {
    const { registerLocalMedia } = await import('./providers/storage/local-storage.js');
    await registerLocalMedia(app, config.dataDir);
  }

  const schedule = deps.scheduledJobs === false ? () => undefined : scheduleJob;
  // Unreferenced uploads go between 24 and 25 hours after upload.
  schedule(app, {
    name: 'Purge of unreferenced uploads',
    firstMs: 60_000,
    everyMs: 60 * 60_000,
    run: async () => {
      const { referenced, deleted } = await media.purgeUnreferenced(app.log);
      if (deleted > 0) app.log.info({ referenced, deleted }, 'Unreferenced uploads deleted');
    },
  });
  // Images still without their variants (a restart mid-way, an image uploaded before them, a retry).
  schedule(app, {
    name: 'Making image variants',
    firstMs: 15_000,
    everyMs: 10 * 60_000,
    run: async () => void (await imageVariants.resume()),
  });
  // Unpaid orders whose stock hold ended: the payment session is closed and the stock goes back on
  // sale (a payment whose webhook was lost is confirmed instead).
  schedule(app, {
    name: 'Reconciling overdue orders',
    firstMs: 30_000,
    everyMs: 60_000,
    run: async () => {
      const asked = await reconcileOverdue(orderPath.payments);
      if (asked > 0) app.log.info({ asked }, 'Overdue unpaid orders reconciled with the payment provider');
    },
  });
  // Refunds asked of the provider whose webhook did not come are fetched to confirm them.
  schedule(app, {
    name: 'Reconciling open refunds',
    firstMs: 45_000,
    everyMs: 60_000,
    run: async () => {
      const settled = await reconcileOpenRefunds(orderPath.refunds);
      if (settled > 0) app.log.info({ settled }, 'Open refunds reconciled with the payment provider');
    },
  });
  // Cash-on-delivery orders the seller did not accept within their window are cancelled, stock back.
  schedule(app, {
    name: 'Cancelling unaccepted cash-on-delivery orders',
    firstMs: 50_000,
    everyMs: 5 * 60_000,
    run: async () => {
      const cancelled = await sweepUnacceptedCod(orderPath.cashOnDelivery);
      if (cancelled > 0) app.log.info({ cancelled }, 'Unaccepted cash-on-delivery orders cancelled');
    },
  });
  startNotifications(app, db, {
    messaging: messages,
    publicUrl: config.siteUrl,
    secret: signingSecret,
    supportEmail: config.SUPPORT_EMAIL,
    log: app.log,
    pollSeconds: config.NOTIFICATIONS_POLL_SECONDS,
  });
  await app.register(simulatorPageRoutes, { provider: orderPath.payments.provider });

  // Benchmarks' floor route (issue 24); absent unless BENCH_FLOOR=1.
  if (config.BENCH_FLOOR === '1') registerBenchFloor(app, db);
  const webPages = await registerStaticWeb(app, webDist);
  await registerSharedPages(app, {
    sources: {
      db,
      getPost: (infId, postId) => posts.getPost(infId, postId),
      getStore: (userId) => shops.getPublicStore(userId, null),
      getQuestion: async (queryId, answers) => ({
        query: await queriesService.getQuery(queryId),
        answers: await posts.postsByQuery(queryId, { page: 1, limit: answers }),
      }),
    },
    webDist,
    // The server-side render of the same build (apps/web/dist-server), wherever WEB_DIST points.
    renderer: path.resolve(defaultWebDist(), '../dist-server/shared-page-render.js'),
    siteUrl: config.siteUrl,
  });
  // Only with the web app built: without it these paths are the API's 404 like any other.
  if (webPages) registerPublicPageHeads(app, { webDist, siteUrl: config.siteUrl });
  await registerSitemap(app, { db, siteUrl: config.siteUrl });
  app.setNotFoundHandler((request, reply) => {
    if (webPages && isWebAppPath(request.method, request.url)) {
      // Personal and working pages (an account, an order, a checkout) are never search results.
      if (isPrivateAppPath(request.url)) void reply.header('x-robots-tag', 'noindex');
      return reply.header('cache-control', 'no-cache').sendFile(webPages.fileFor(request.url));
    }
    return reply.status(404).send(
      localizeError(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${request.url}`,
        requestId: request.id,
      }),
    );
  });
  return app;
}

function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}
