import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { onEventCommitted, type DomainEvent } from './domain-events.js';

/**
 * Every series GET /metrics shows (docs/operations.md lists them with their PromQL). One registry
 * per process: the counters are module state because the services that count (orders, webhooks,
 * messages) are built once per process and reached from many places. Tests build many apps in one
 * process, so they compare counts before and after, never absolute values.
 */
export const metricsRegistry = new Registry();

const registers = [metricsRegistry];

// --- HTTP: observed by plugins/metrics.ts once per answered request.

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern (never the raw URL) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request arriving to its answer being sent, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  // Most answers take a few milliseconds; the top buckets catch uploads, exports and stalls.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** The route label of requests no route matched (404s, web app pages): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Counts one answered request. `route` is the matched pattern, e.g. `/api/orders/:id`. */
export function observeRequest(method: string, route: string | undefined, status: number, ms: number) {
  const labels = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, ms / 1000);
}

// --- Process: heap, RSS, event-loop lag, GC, handles (prom-client's defaults).

let processMetricsOn = false;

/** Starts the event-loop delay monitor and GC observer once per process; only when /metrics can be read. */
export function collectProcessMetrics() {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

// --- Database pool: node-postgres' pool, to the embedded PostgreSQL server or to DATABASE_URL's.

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/** Each pool with the number of apps reporting it (two apps may share one database). */
const pools = new Map<PoolStats, number>();
let poolGauges = false;

/**
 * Reports a node-postgres pool until the function answered is called (the app's close). The
 * series are registered with the first pool, so a process that reports none (no METRICS_TOKEN)
 * never collects them.
 */
export function watchPool(pool: PoolStats): () => void {
  if (!poolGauges) {
    poolGauges = true;
    registerPoolGauges();
  }
  pools.set(pool, (pools.get(pool) ?? 0) + 1);
  return () => {
    const left = (pools.get(pool) ?? 1) - 1;
    if (left > 0) pools.set(pool, left);
    else pools.delete(pool);
  };
}

function poolGauge(name: string, help: string, read: (pool: PoolStats) => number) {
  return new Gauge({
    name,
    help,
    registers,
    collect() {
      let sum = 0;
      for (const pool of pools.keys()) sum += read(pool);
      this.set(sum);
    },
  });
}

function registerPoolGauges() {
  poolGauge(
    'revuhub_db_pool_in_use',
    'PostgreSQL connections running a query or held by a transaction',
    (p) => p.totalCount - p.idleCount,
  );
  poolGauge('revuhub_db_pool_idle', 'PostgreSQL connections open and free', (p) => p.idleCount);
  poolGauge(
    'revuhub_db_pool_waiting',
    'Queries waiting for a free PostgreSQL connection (the pool is at its maximum)',
    (p) => p.waitingCount,
  );
  poolGauge(
    'revuhub_db_pool_max',
    'Connections the pool may open (DB_POOL_SIZE)',
    (p) => p.options.max ?? 10,
  );
}

// --- Business: what the shop did.

/**
 * Orders placed since the counter was last read, by channel and payment method: added to it when it
 * is read (a scrape, a test's count), so placing an order costs one Map lookup rather than
 * prom-client's hashing and checking of its labels (issue 42's profile).
 */
const unreadOrders = new Map<
  string,
  { labels: { channel: string; payment_method: string }; count: number }
>();

// Read only through the registry, whose read calls `collect`.
new Counter({
  name: 'revuhub_orders_placed_total',
  help: 'Orders placed (replays of an idempotency key are not counted again), by channel and payment method',
  labelNames: ['channel', 'payment_method'] as const,
  registers,
  collect() {
    for (const unread of unreadOrders.values()) {
      if (unread.count === 0) continue;
      this.inc(unread.labels, unread.count);
      unread.count = 0;
    }
  },
});

const paymentsConfirmed = new Counter({
  name: 'revuhub_payments_confirmed_total',
  help: 'Orders paid (online: confirmed with the provider; cash on delivery: collected), after commit',
  labelNames: ['payment_method'] as const,
  registers,
});

const refunds = new Counter({
  name: 'revuhub_refunds_total',
  help: 'Refunds asked of the provider or owed in cash (requested) and their ends (succeeded, failed), after commit',
  labelNames: ['outcome'] as const,
  registers,
});

const webhooksRefused = new Counter({
  name: 'revuhub_webhooks_refused_total',
  help: 'Payment and refund webhooks refused: bad or missing signature, stale timestamp, malformed body',
  labelNames: ['kind', 'reason'] as const,
  registers,
});

const messagesSent = new Counter({
  name: 'revuhub_messages_sent_total',
  help: 'E-mails and SMS handed to the messaging provider (outbox or live), by outcome',
  labelNames: ['channel', 'via', 'outcome'] as const,
  registers,
});

export function countOrderPlaced(channel: string, paymentMethod: string) {
  const key = `${channel} ${paymentMethod}`;
  const unread = unreadOrders.get(key);
  if (unread) unread.count += 1;
  else unreadOrders.set(key, { labels: { channel, payment_method: paymentMethod }, count: 1 });
}

export function countWebhookRefused(kind: 'payment' | 'refund', reason: string) {
  webhooksRefused.inc({ kind, reason });
}

export function countMessage(channel: string, via: string, outcome: 'sent' | 'failed') {
  messagesSent.inc({ channel, via, outcome });
}

const REFUND_OUTCOMES: Partial<Record<DomainEvent['type'], string>> = {
  'refund.requested': 'requested',
  'refund.succeeded': 'succeeded',
  'refund.failed': 'failed',
};

/** Facts counted from the domain events, once their transaction has committed. */
function countEvent(event: DomainEvent) {
  if (event.type === 'order.paid') {
    paymentsConfirmed.inc({ payment_method: event.payload.paymentMethod });
    return;
  }
  const outcome = REFUND_OUTCOMES[event.type];
  if (outcome) refunds.inc({ outcome });
}
// Once per process, however many apps it builds (tests): a second listener would count twice.
onEventCommitted(countEvent);
