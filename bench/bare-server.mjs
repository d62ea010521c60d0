// The reference point of the benchmarks: a bare Fastify route with a small JSON answer, no plugins,
// no database. With DATABASE_URL, GET /bare-pg also runs one `select 1` through a pool of 10: the
// floor under any route that reads PostgreSQL on this machine. Prints its URL once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 200, message: 'OK', Data: { hello: 'world' } }));
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  app.get('/bare-pg', async () => {
    await pool.query({ name: 'bare_one', text: 'select 1' });
    return { status: 200, message: 'OK', Data: { hello: 'world' } };
  });
  app.addHook('onClose', () => pool.end());
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
