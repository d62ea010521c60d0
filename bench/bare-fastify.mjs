// The baseline of bench/locator.mjs: Fastify with one POST route that parses the JSON body and
// answers a small JSON envelope, no plugins, no database. Prints its port when listening.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ status: 200, message: 'OK', Data: [] }));
await app.listen({ port, host: '127.0.0.1' });
console.log(port);
