import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Timeout = 'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket';

export interface EarlyServer {
  server: http.Server;
  /** Fastify's `serverFactory`: the app gets this server, already listening. */
  serverFactory: FastifyServerFactory;
  /** The app is ready: the requests held so far, then every new one, go to it. */
  handOver(): void;
  /** Stops taking connections; resolves once the open ones have finished their requests. */
  close(): Promise<void>;
}

const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * Listens before the app exists (loading its code and opening the embedded database take seconds):
 * liveness (`/api/health`) answers at once, readiness (`/api/ready`) answers 503 until the app is
 * ready, and every other request waits for the app and is then served by it as usual.
 */
export function listenEarly(host: string, port: number): Promise<EarlyServer> {
  const held: Array<[http.IncomingMessage, http.ServerResponse]> = [];
  let app: Handler | undefined;
  let serving: Handler | undefined;
  let closing = false;

  const server = http.createServer((req, res) => {
    // While draining, a kept-alive connection takes no further request after this one.
    if (closing) res.setHeader('connection', 'close');
    if (serving) return serving(req, res);
    const path = req.url?.split('?', 1)[0];
    const probe = req.method === 'GET' || req.method === 'HEAD';
    if (probe && path === '/api/health') {
      res.writeHead(200, json).end(JSON.stringify({ status: 200, message: 'OK' }));
    } else if (probe && path === '/api/ready') {
      res
        .writeHead(503, json)
        .end(JSON.stringify({ status: 503, code: 'NOT_READY', message: 'Not ready: starting' }));
    } else {
      held.push([req, res]);
    }
  });

  const early: EarlyServer = {
    server,
    serverFactory: (handler, fastifyOptions) => {
      app = handler;
      // What Fastify sets on a server it makes itself (fastify/lib/server.js); it fills in defaults.
      const options = fastifyOptions as Record<Timeout, number | undefined>;
      server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if ((options.maxRequestsPerSocket ?? 0) > 0)
        server.maxRequestsPerSocket = options.maxRequestsPerSocket!;
      return server;
    },
    handOver() {
      if (!app) throw new Error('handOver before the app was built on this server');
      serving = app;
      for (const [req, res] of held.splice(0)) app(req, res);
    },
    close() {
      closing = true;
      return new Promise((resolve) => {
        // Fastify closes only a server it listened on itself; this one it was given.
        server.close(() => resolve());
        // Connections whose request ends during the drain would otherwise stay open, idle, until
        // their keep-alive timeout.
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        server.once('close', () => clearInterval(idle));
      });
    },
  };

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve(early);
    });
  });
}
