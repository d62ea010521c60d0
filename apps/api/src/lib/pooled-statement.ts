import { is, Param, Placeholder, type Query } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.js';

type Values = Record<string, unknown>;

/**
 * A statement built with Drizzle, sent through the pool as a statement prepared by `name` (parsed
 * once per connection), its values put in place by a function made once. Drizzle's prepared
 * statement does that work on every execution (a class check per parameter, tracing spans, a
 * mapping of each row): on the order write, with its 71 parameters, 27 µs of the server's 400 per
 * order (issue 42's profile). Rows come in array mode, named by the keys of `fields` in their order
 * (the order of the statement's `returning`), parsed by pg's own type parsers (a timestamp is a
 * Date). A value left undefined is a mistake, and throws.
 *
 * Undefined for a transaction, which has no pool of its own: use Drizzle's prepared statement.
 */
export function pooledStatement<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  query: { toSQL(): Query },
  fields: { [K in keyof Row]: unknown },
): ((values: Values) => Promise<Row[]>) | undefined {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  const { sql: text, params } = query.toSQL();
  const fill = valuesInOrder(params);
  const keys = Object.keys(fields);
  return async (values) => {
    const result = await pool.query<unknown[]>({ name, text, values: fill(values), rowMode: 'array' });
    return result.rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]])) as Row);
  };
}

/**
 * The statement's parameters from named values, as Drizzle's fillPlaceholders gives them (a
 * placeholder's value, through its column's encoder where it has one), by a function written for
 * this statement: each value read by a constant name. Read by a name held in a variable instead, the
 * order write's values cost 20 µs an order, as much as Drizzle's own way.
 */
function valuesInOrder(params: unknown[]): (values: Values) => unknown[] {
  const names: Array<string | undefined> = [];
  const read = params.map((param, i) => {
    const placeholder = is(param, Placeholder) ? param : is(param, Param) ? param.value : undefined;
    if (!is(placeholder, Placeholder)) return `params[${i}]`;
    names[i] = placeholder.name;
    const value = `values[${JSON.stringify(placeholder.name)}]`;
    return is(param, Param) ? `params[${i}].encoder.mapToDriverValue(${value})` : value;
  });
  // Only names and indexes of our own statement go into this code, each written as a JSON string.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function('params', `return (values) => [${read.join(', ')}];`) as (
    params: unknown[],
  ) => (values: Values) => unknown[];
  const fill = make(params);
  return (values) => {
    const filled = fill(values);
    const missing = filled.includes(undefined)
      ? names.filter((n, i) => n !== undefined && filled[i] === undefined)
      : [];
    if (missing.length) throw new Error(`No value for placeholder "${missing.join('", "')}" was provided`);
    return filled;
  };
}
