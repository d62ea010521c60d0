import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { listenEarly } from './listen-early.js';

function get(port: number, path: string, method = 'GET') {
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listening before the app is built', () => {
  it('answers liveness at once, readiness 503, and holds other requests for the app', async () => {
    const early = await listenEarly('127.0.0.1', 0);
    const { port } = early.server.address() as AddressInfo;
    try {
      expect(await get(port, '/api/health')).toMatchObject({
        status: 200,
        body: JSON.stringify({ status: 200, message: 'OK' }),
      });
      expect((await get(port, '/api/health?probe=1', 'HEAD')).status).toBe(200);
      const ready = await get(port, '/api/ready');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ status: 503, code: 'NOT_READY' });

      // Asked while the app is still being built: answered by the app once it is.
      let answered = false;
      const held = get(port, '/api/things?x=1').then((res) => ((answered = true), res));
      const app = Fastify({ serverFactory: early.serverFactory, requestTimeout: 5000 });
      app.get('/api/things', async (request) => ({ from: 'app', query: request.query }));
      app.get('/api/ready', async () => ({ status: 200, message: 'ready' }));
      await app.ready();
      await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe(false);
      early.handOver();
      expect(await held).toMatchObject({
        status: 200,
        body: JSON.stringify({ from: 'app', query: { x: '1' } }),
      });
      expect((await get(port, '/api/ready')).status).toBe(200);
      // Fastify's timeouts are set on the server it was given, as on one it makes.
      expect(early.server.requestTimeout).toBe(5000);
      await early.close();
      await app.close();
    } finally {
      early.server.close();
    }
  });

  it('drains on close: the request in flight finishes, new connections are refused', async () => {
    const early = await listenEarly('127.0.0.1', 0);
    const { port } = early.server.address() as AddressInfo;
    const app = Fastify({ serverFactory: early.serverFactory });
    // The request is held by the test, not for a fixed time: on a loaded machine it may reach the
    // handler later than any fixed wait (a CI run at load average 16 closed the server first).
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      arrived();
      await released;
      return { done: true };
    });
    await app.ready();
    early.handOver();
    const slow = get(port, '/slow');
    await inFlight;
    const closed = early.close();
    await expect(get(port, '/slow')).rejects.toThrow();
    release();
    expect(await slow).toMatchObject({ status: 200, body: JSON.stringify({ done: true }) });
    await closed;
    await app.close();
  });
});
