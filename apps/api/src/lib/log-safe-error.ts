import { DrizzleQueryError } from 'drizzle-orm';

/**
 * What may be logged of an error. A failed query's message, parameters and the database's
 * `detail` ("Key (email)=(…) already exists") carry the row's e-mail, mobile and password hash,
 * so only the SQL text, the database error code and constraint are kept; the stack stays for
 * debugging.
 */
export function logSafeError(error: unknown): Record<string, unknown> {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { code?: unknown; constraint?: unknown } | undefined;
    return {
      type: 'DrizzleQueryError',
      query: error.query,
      dbCode: cause?.code,
      constraint: cause?.constraint,
      stack: error.stack?.split('\n').slice(error.message.split('\n').length).join('\n'),
    };
  }
  if (error instanceof Error) {
    const cause = error.cause;
    return {
      type: error.name,
      message: error.message,
      stack: error.stack,
      ...(cause ? { cause: logSafeError(cause) } : {}),
    };
  }
  return { type: typeof error };
}
