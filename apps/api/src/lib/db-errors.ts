/** The errors of a failed query, outermost first: Drizzle wraps the driver's error as `cause`. */
function* causes(error: unknown): Generator<Record<string, unknown>> {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as Record<string, unknown>;
  }
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
function pgCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The driver's field (`constraint`, `column`), else the quoted name in its message after `word`. */
function namedIn(error: unknown, field: string, word: string): string {
  for (const e of causes(error)) {
    const value = e[field];
    if (typeof value === 'string') return value;
    const match = typeof e.message === 'string' ? new RegExp(`${word} "([^"]+)"`).exec(e.message) : null;
    if (match?.[1]) return match[1];
  }
  return 'unknown';
}

/** Name of the unique constraint a query violated, if that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  return pgCode(error) === '23505' ? namedIn(error, 'constraint', 'constraint') : undefined;
}

/** Name of the column a NOT NULL constraint refused, if that is why the query failed. */
export function notNullViolation(error: unknown): string | undefined {
  return pgCode(error) === '23502' ? namedIn(error, 'column', 'column') : undefined;
}
