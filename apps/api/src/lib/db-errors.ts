/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Name of the unique constraint a query violated, if that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  if (pgCode(error) !== '23505') return undefined;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    const message = (e as { message?: unknown }).message;
    const match = typeof message === 'string' ? /constraint "([^"]+)"/.exec(message) : null;
    if (match) return match[1];
  }
  return 'unknown';
}
