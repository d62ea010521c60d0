import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** When each applied migration was written (`when` of its journal entry), as Drizzle records it. */
export async function appliedMigrationTimes(db: Database): Promise<number[]> {
  const result = await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  // node-postgres and PGlite both answer with `rows`.
  const rows = ((result as { rows?: unknown[] }).rows ?? []) as Array<{ created_at: string | number }>;
  return rows.map((r) => Number(r.created_at));
}
