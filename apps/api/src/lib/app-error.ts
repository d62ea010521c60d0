/**
 * The one error type. Services throw it; the error handler turns it into
 * `{status, code, message, errors?}` with the HTTP status from the table below.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** A session opened with a one-time password may only change it (or read me, or log out). */
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  /** A post sent with an existing account's contact whose holder has not confirmed it yet. */
  AWAITING_CONFIRMATION: 404,
  /** A post a moderator hid or removed, to everyone but its author and moderators (decision 027). */
  POST_REMOVED: 404,
  NOT_ACCEPTABLE: 406,
  /** The rest of these come from the HTTP layer itself (plugins/error-handler.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** For RATE_LIMITED: when to try again, sent as the `Retry-After` header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
