import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * EXPLAIN of a query builder as it runs, its parameters inlined, as one text: the plan tests assert
 * which index a list walks (a mechanism is proven by its plan, not assumed).
 */
export async function planOf(
  db: Database,
  builder: unknown,
  /** Runs it too, and gives each node's actual rows (EXPLAIN ANALYZE, without costs or timing). */
  { analyze = false } = {},
): Promise<string> {
  const { sql: text, params } = (builder as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const result = await db.execute(
    sql.raw(
      `explain ${analyze ? '(analyze, costs off, timing off) ' : ''}${text.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]))}`,
    ),
  );
  const list = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return (list as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
}
