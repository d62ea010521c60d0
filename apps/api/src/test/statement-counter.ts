import pg from 'pg';
import type { Database } from '../db/client.js';

export interface StatementCounter {
  /** Statements sent to the database since the counter was made or last reset. */
  readonly count: number;
  reset(): void;
  /** Runs `fn` and returns how many statements it sent. */
  during(fn: () => Promise<unknown>): Promise<number>;
}

type Method = (...args: never[]) => unknown;

/**
 * Replaces `owner[name]` once by a wrapper that calls every `onCall` registered for it first, so
 * several counters (one per test, say) each see every call, and none twice.
 */
type Listener = (args: unknown[]) => void;

function wrap(owner: object, name: string, onCall: Listener) {
  const target = owner as Record<string, Method> & { __counters?: Map<string, Set<Listener>> };
  target.__counters ??= new Map();
  const registered = target.__counters.get(name);
  if (registered) {
    registered.add(onCall);
    return;
  }
  const listeners = new Set([onCall]);
  target.__counters.set(name, listeners);
  const original = target[name]!;
  target[name] = function counted(this: unknown, ...args: never[]) {
    for (const listener of listeners) listener(args);
    return original.apply(this, args);
  };
}

/**
 * Counts the statements that reach the database behind `dbs` (an app's `db` and its planned-once
 * connections, say), on the connection itself: every query a pooled node-postgres client sends (a
 * transaction's BEGIN and COMMIT count as two). This is how a test proves that a cached read does
 * not reach the database.
 */
export function countStatements(...dbs: Database[]): StatementCounter {
  return countStatementsMatching(undefined, ...dbs);
}

/** The same, counting only the statements whose text `pattern` matches (those reading one table, say). */
export function countStatementsMatching(pattern: RegExp | undefined, ...dbs: Database[]): StatementCounter {
  let count = 0;
  const bump: Listener = ([query]) => {
    // node-postgres takes a statement's text, or a config object holding it.
    const text = typeof query === 'string' ? query : (query as { text?: string } | undefined)?.text;
    if (!pattern || (text !== undefined && pattern.test(text))) count += 1;
  };
  for (const db of dbs) {
    const client = (db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) throw new Error('countStatements: unknown database client');
    // Every statement, pooled or in a transaction, runs on a client the pool hands out.
    client.on('acquire', (connection: pg.PoolClient) => wrap(connection, 'query', bump));
  }
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    async during(fn) {
      const before = count;
      await fn();
      return count - before;
    },
  };
}

/**
 * Resolves once no statement has reached the database behind `db` for `quietMs` (or after `maxMs`):
 * what a request set off after answering has run before the next one is counted.
 */
export async function untilNoStatements(db: Database, quietMs = 300, maxMs = 10_000) {
  const counter = countStatements(db);
  const deadline = Date.now() + maxMs;
  do {
    counter.reset();
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  } while (counter.count > 0 && Date.now() < deadline);
}
