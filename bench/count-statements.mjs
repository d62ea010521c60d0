// Preloaded into the benchmarked server (`node --import ./bench/count-statements.mjs`): counts every
// statement the app sends to the database, on the connection, for either driver. The benchmark asks
// for the count with SIGUSR2; the server writes it to BENCH_STATEMENTS_FILE.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

let statements = 0;

/** Wraps `owner[name]` so each call counts one statement. */
function count(owner, name) {
  const original = owner[name];
  owner[name] = function counted(...args) {
    statements += 1;
    return original.apply(this, args);
  };
}

// node-postgres: every statement, in or out of a transaction, goes through Client#query.
count(pg.Client.prototype, 'query');

// PGlite: statements outside a transaction, and those of the object a transaction hands out.
count(PGlite.prototype, 'query');
count(PGlite.prototype, 'exec');
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function countedTransaction(callback) {
  statements += 2; // BEGIN and COMMIT/ROLLBACK, as node-postgres sends them
  return transaction.call(this, (tx) => {
    count(tx, 'query');
    count(tx, 'exec');
    return callback(tx);
  });
};

const file = process.env.BENCH_STATEMENTS_FILE;
if (file) process.on('SIGUSR2', () => fs.writeFileSync(file, String(statements)));
