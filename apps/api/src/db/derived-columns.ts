/**
 * Columns a trigger derives from other columns of the same row (migration 0066, decision 080).
 * Like generated columns they are not data: a backup leaves them out, and loading a copy computes
 * them again on the server that will search them, whose text search may split words differently
 * from the one that wrote them (PGlite's and PostgreSQL 18's differ on a post of the upgrade fixture).
 */
export const DERIVED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  'public.products': ['search_vector', 'search_name'],
  'public.posts': ['search_vector'],
};

/** Whether `column` of `table` (schema-qualified, as a backup names it) is derived. */
export const isDerivedColumn = (table: string, column: string): boolean =>
  DERIVED_COLUMNS[table]?.includes(column) ?? false;
