import { z } from 'zod';
import { errorBodySchema } from '@app/domain';

/**
 * The one error envelope, as the document's `components.schemas.ErrorBody`: converted from the
 * domain's zod schema the error handler answers with, so a field added there appears here.
 */
export function errorBodyComponent(): Record<string, unknown> {
  return z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' });
}

const ref = { $ref: '#/components/schemas/ErrorBody' };

function errorResponse(
  description: string,
  example: Record<string, unknown>,
  headers?: Record<string, unknown>,
) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ref, example } },
  };
}

/** Shared answers every operation refers to; the statuses come from the error table (lib/app-error.ts). */
export const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    'The request is not valid: `errors` names each refused field (dotted path) with its message.',
    {
      status: 400,
      code: 'BAD_REQUEST',
      message: 'password: Required',
      errors: { password: 'Required' },
    },
  ),
  Unauthorized: errorResponse('No session, or the token is unknown or expired: log in again.', {
    status: 401,
    code: 'UNAUTHENTICATED',
    message: 'Please log in to continue',
  }),
  Forbidden: errorResponse(
    "The caller's role or team rights do not allow this, the record is not theirs, or (code PASSWORD_CHANGE_REQUIRED) the account must first change its one-time password.",
    { status: 403, code: 'FORBIDDEN', message: 'You are not allowed to do this' },
  ),
  NotFound: errorResponse('Nothing has the id or key in the path (or it is not visible to the caller).', {
    status: 404,
    code: 'NOT_FOUND',
    message: 'Product not found',
  }),
  TooManyRequests: errorResponse(
    'A rate limit or budget was used up for this client address; wait `Retry-After` seconds.',
    { status: 429, code: 'RATE_LIMITED', message: 'Too many requests, try again in 1 minute' },
    {
      'Retry-After': {
        description: 'Seconds to wait before asking again.',
        schema: { type: 'integer', minimum: 0 },
      },
    },
  ),
  InternalError: errorResponse('Something failed on the server; the answer never carries details.', {
    status: 500,
    code: 'INTERNAL',
    message: 'Something went wrong',
  }),
  Error: errorResponse(
    'Any other refusal, in the same envelope: 409 a conflict (a duplicate, a state that no longer allows it), 406, 413 a body too large, 415 an unsupported content type, 503 not ready.',
    { status: 409, code: 'CONFLICT', message: 'This e-mail already has an account' },
  ),
} as const;

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;
