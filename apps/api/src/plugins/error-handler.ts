import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@app/domain';
import { AppError } from '../lib/app-error.js';
import { logSafeError } from '../lib/log-safe-error.js';

/** Field path of a validation issue: "/address/pinCode" -> "address.pinCode"; the whole body -> "body". */
function fieldName(instancePath: string, part: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || part || 'body';
}

/** One error shape for every failure; clients never see a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { status: error.status, code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.status >= 500) request.log.error({ err: logSafeError(error) }, error.message);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath ?? '', error.validationContext);
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      const summary = Object.entries(errors)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ');
      return reply.status(400).send({ status: 400, code: 'BAD_REQUEST', message: summary, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: logSafeError(error), issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.status(500).send({ status: 500, code: 'INTERNAL', message: 'Something went wrong' });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit).
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      return reply.status(status).send({ status, code, message: error.message });
    }
    request.log.error({ err: logSafeError(error) }, 'unhandled error');
    return reply.status(500).send({ status: 500, code: 'INTERNAL', message: 'Something went wrong' });
  });
}
