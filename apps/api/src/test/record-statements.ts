import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Setup file of the API tests: with TEST_RECORD_STATEMENTS set to a folder, every distinct
 * statement of the kinds PostgreSQL can prepare (select, insert, update, delete, with, values) that
 * ran without error is written there, one JSON string per line. The compatibility pass on the
 * oldest PostgreSQL supported in production prepares each of them there (db/postgres-compat.test.ts),
 * which checks every statement the suite sent without running the whole suite twice (issue 37).
 */
const folder = process.env.TEST_RECORD_STATEMENTS;
const PATCHED = Symbol.for('revuhub.recordStatements');
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query; [PATCHED]?: true };

if (folder && !proto[PATCHED]) {
  proto[PATCHED] = true;
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `statements-${process.pid}.jsonl`);
  const seen = new Set<string>();
  const record = (text: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    fs.appendFileSync(file, `${JSON.stringify(text)}\n`);
  };
  const original = proto.query;
  proto.query = function recorded(this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || !PREPARABLE.test(text)) return original.apply(this, args);
    // Only a statement the server accepted: one that failed here says nothing about another version.
    // The pool calls with a callback (pool.query, hence Drizzle); a checked-out client gets a promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        if (!error) record(text);
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      result.then(
        () => record(text),
        () => undefined,
      );
    }
    return result;
  };
}
