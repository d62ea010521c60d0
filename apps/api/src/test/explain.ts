import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** A statement's parameter written into its text, for EXPLAIN. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

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
  const result = await db.execute(
    sql.raw(
      `explain ${analyze ? '(analyze, costs off, timing off) ' : ''}${text.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]))}`,
    ),
  );
  const list = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return (list as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
}

/**
 * EXPLAIN of a query builder's statement as a prepared statement's generic plan: the one plan
 * PostgreSQL keeps for every value once it stops planning per run, and the only plan the searches'
 * planned-once connections ever use (DatabaseHandle.plannedOnce). Written with the builder's own
 * parameters, so a condition written as `is_active = $1` shows here as the planner sees it.
 */
export async function genericPlanOf(db: Database, builder: unknown): Promise<string> {
  const { sql: text, params } = (builder as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare generic_plan_of as ${text}`));
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    const result = await tx.execute(
      sql.raw(`explain execute generic_plan_of(${params.map(literal).join(', ')})`),
    );
    await tx.execute(sql.raw('deallocate generic_plan_of'));
    const list = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (list as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
  });
}
