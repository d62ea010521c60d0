// The yardstick: a bare Fastify 5 server with one route answering what /api/health answers. The
// benchmark starts it in the same run and reports every throughput also as a fraction of it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 200, message: 'OK' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
