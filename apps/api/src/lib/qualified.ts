import { getTableName, sql, type AnyColumn } from 'drizzle-orm';

/**
 * A column with its table's name in front. Drizzle writes the columns of a select field bare
 * (`"id"`), so inside a correlated subquery an outer column silently resolves to the inner table's
 * column of the same name: `select count(*) from "shops" where "user_id" = "id"` compared a shop's
 * owner with the shop's own id. Name every outer column of a subquery in a select field with this.
 */
export function qualified(column: AnyColumn) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
