import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The X-Request-Id the client sent (when valid) or the one generated for it. */
  requestId: string;
  /** The request's own logger, whose lines already carry the id. */
  log: object;
}

/**
 * The request being answered, for code far below its route: the payment provider's calls send its
 * id to Cashfree (`x-request-id`) and lines written through the app's logger name it.
 *
 * Implicit (AsyncLocalStorage) rather than a parameter because the id would otherwise have to pass
 * through every service function between a route and the adapter (placeOrder, refundOrder,
 * reconcile, handleWebhook, ...), which never use it themselves, and which the timers call with no
 * request at all. Entered after body parsing (plugins/request-id.ts), so it covers the handler and
 * everything it awaits.
 */
const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequest(context: RequestContext, fn: () => void): void {
  storage.run(context, fn);
}

/** The current request's context; undefined in timers, start-up and other background work. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
