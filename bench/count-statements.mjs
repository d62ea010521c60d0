// Preloaded into the benchmarked server (`node --import ./bench/count-statements.mjs`): counts every
// statement the app sends to the database, on the connection. The benchmark asks for the count with
// SIGUSR2; the server writes it to BENCH_STATEMENTS_FILE.
import fs from 'node:fs';
import pg from 'pg';

let statements = 0;

// node-postgres is the one driver, on the embedded PostgreSQL and an outside one alike (decision
// 049): every statement, in or out of a transaction (BEGIN and COMMIT included), goes through
// Client#query, and a pool's query is one Client#query on one of its connections. The server
// resolves `pg` to the same module as this file, so its clients are this prototype's.
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  statements += 1;
  return original.apply(this, args);
};

const file = process.env.BENCH_STATEMENTS_FILE;
if (file) process.on('SIGUSR2', () => fs.writeFileSync(file, String(statements)));
