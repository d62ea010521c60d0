import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSimulator } from '../../providers/payments/create-payment-provider.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';
import type { SimulatorOutcome } from '../../providers/payments/simulator.js';

/**
 * A post from another site's page: another site must not pay, fail or cancel a buyer's payment with
 * a form their browser submits. Browsers send `Sec-Fetch-Site` with every request (older ones
 * `Origin` with every cross-site POST); a request with neither came from no other site's page.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    // Through URL, so `http://host:80` and `host` compare equal; `null` (a sandboxed page) throws.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return true;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The simulator's hosted checkout page, on our own server: pay, fail or cancel. */
export async function simulatorPageRoutes(app: FastifyInstance, { provider }: { provider: PaymentProvider }) {
  const simulator = provider;
  if (!isSimulator(simulator)) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { sessionId: string } }>(
    '/pay/simulator/:sessionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = simulator.session(request.params.sessionId);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!session)
        return reply
          .status(404)
          .send(page('Payment session not found', '<p>This payment link is not valid.</p>'));
      const amount = `₹${session.amount.toLocaleString('en-IN')}`;
      const action = `/pay/simulator/${encodeURIComponent(request.params.sessionId)}`;
      const button = (outcome: SimulatorOutcome, label: string) =>
        `<button type="submit" name="outcome" value="${outcome}">${label}</button>`;
      const body =
        session.status === 'ACTIVE'
          ? `<p>Order <strong>${escapeHtml(session.orderId)}</strong> for ${escapeHtml(session.customerName)}</p>
<p class="amount">Amount to pay: <strong>${amount}</strong></p>
<form method="post" action="${action}">${button('pay', 'Pay')} ${button('fail', 'Fail payment')} ${button('cancel', 'Cancel')}</form>`
          : `<p>This order is ${escapeHtml(session.status.toLowerCase())}.</p>`;
      return reply.send(page('Payment simulator', body));
    },
  );

  app.post<{ Params: { sessionId: string }; Body: { outcome?: string } }>(
    '/pay/simulator/:sessionId',
    { schema: { hide: true }, config: { rateBudget: 'order' } },
    async (request, reply) => {
      if (isCrossSite(request)) {
        return reply
          .status(403)
          .type('text/html; charset=utf-8')
          .send(page('Payment simulator', '<p>Pay, fail or cancel from the payment page itself.</p>'));
      }
      const outcome = request.body?.outcome;
      if (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'cancel') {
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page('Payment simulator', '<p>Choose Pay, Fail or Cancel.</p>'));
      }
      const done = simulator.complete(request.params.sessionId, outcome);
      if (!done) {
        return reply
          .status(409)
          .type('text/html; charset=utf-8')
          .send(page('Payment simulator', '<p>This payment is closed.</p>'));
      }
      // The provider calls our webhook as Cashfree would: signed, over the same route.
      const delivered = await app.inject({
        method: 'POST',
        url: done.webhook.path,
        headers: done.webhook.headers,
        payload: done.webhook.rawBody,
      });
      if (delivered.statusCode !== 200)
        request.log.warn({ status: delivered.statusCode }, 'simulator webhook refused');
      return reply.redirect(done.returnUrl, 303);
    },
  );
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;cursor:pointer}.amount{font-size:1.25rem}</style></head>
<body><main><h1>${title}</h1><p><em>Test payments: no money moves.</em></p>${body}</main></body></html>`;
}
