// The yardstick: a bare Fastify 5 server, no plugins, no database. GET /health answers what
// /api/health answers; POST /bare parses a JSON body and answers a small envelope (the locator's
// baseline; /bare-pg below adds one query). The benchmarks start it in the same run and report
// every figure also as a fraction of it.
// Port: argv[2], else $PORT, else any free one. It reports its port on IPC when forked, else on stdout.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 200, message: 'OK' }));
app.post('/bare', async () => ({ status: 200, message: 'OK', Data: [] }));
// With DATABASE_URL: POST /bare-pg also runs `select 1` (a named statement, a pool of 10), the floor
// under any route that reads PostgreSQL on this machine.
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  app.post('/bare-pg', async () => {
    await pool.query({ name: 'bare_one', text: 'select 1' });
    return { status: 200, message: 'OK', Data: [] };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? process.env.PORT ?? 0) });
const port = app.server.address().port;
if (process.send) process.send({ port });
else console.log(port);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
