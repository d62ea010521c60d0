// The reference point of the benchmarks: a bare Fastify route with a small JSON answer, no plugins,
// no database. Prints its URL on stdout once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 200, message: 'OK', Data: { hello: 'world' } }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
