import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@app/domain';
import { AppError, ERROR_STATUS, type ErrorCode } from '../lib/app-error.js';
import { logSafeError } from '../lib/log-safe-error.js';
import { localizeError } from '../lib/request-language.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** Field path of a validation issue: "/address/pinCode" -> "address.pinCode"; the whole body -> "body". */
function fieldName(instancePath: string, part: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || part || 'body';
}

/** The first code of the table for a status (FORBIDDEN before PASSWORD_CHANGE_REQUIRED). */
const CODE_OF_STATUS = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(ERROR_STATUS) as Array<[ErrorCode, number]>) {
  if (!CODE_OF_STATUS.has(status)) CODE_OF_STATUS.set(status, code);
}

/** The envelope of an error the framework or Node raised rather than the app. */
function frameworkErrorBody(status: number, message: string, requestId?: string): ErrorBody {
  const code = CODE_OF_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return requestId ? { status, code, message, requestId } : { status, code, message };
}

/**
 * Fastify's `frameworkErrors` option: errors found while routing, before any hook or the error
 * handler (a malformed percent-escape in the path: 400; a path parameter past maxParamLength: 414).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: logSafeError(error) }, 'routing failed');
  const message = status >= 500 ? 'Something went wrong' : error.message;
  // Hooks do not run for these, so the id is echoed here.
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send(localizeError(request, reply, frameworkErrorBody(status, message, request.id)));
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before Fastify sees
 * them (headers or URL past the 16 KB header limit: 431; a request that never finishes: 408;
 * anything unparsable: 400). Same envelope, written on the socket, which is then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // The client went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request line and headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(frameworkErrorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * One error shape for every failure, naming the request's id so a client can quote it; clients never
 * see a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    // A session its route had still to read (plugins/auth.ts `sessionInRoute`): its account's
    // language says which language the message is in. Its own refusal is not this error's.
    if (request.pendingSession) await request.pendingSession.resolve().catch(() => undefined);
    if (error instanceof AppError) {
      const body: ErrorBody = { status: error.status, code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      body.requestId = request.id;
      if (error.status >= 500) request.log.error({ err: logSafeError(error) }, error.message);
      if (error.retryAfterSeconds)
        void reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
      return reply.status(error.status).send(localizeError(request, reply, body));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath ?? '', error.validationContext);
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      // The summary is made of the field messages in the answer's language.
      const body = localizeError(request, reply, {
        status: 400,
        code: 'BAD_REQUEST',
        message: '',
        errors,
        requestId: request.id,
      });
      body.message = Object.entries(body.errors ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ');
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: logSafeError(error), issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply
        .status(500)
        .send(localizeError(request, reply, frameworkErrorBody(500, 'Something went wrong', request.id)));
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit).
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      return reply
        .status(status)
        .send(localizeError(request, reply, frameworkErrorBody(status, error.message, request.id)));
    }
    request.log.error({ err: logSafeError(error) }, 'unhandled error');
    return reply
      .status(500)
      .send(localizeError(request, reply, frameworkErrorBody(500, 'Something went wrong', request.id)));
  });
}
