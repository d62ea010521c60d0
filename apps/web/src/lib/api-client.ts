import { PASSWORD_CHANGE_REQUIRED, TOAST_MESSAGES, type ErrorBody } from '@app/domain';
import { paths } from './routes';
import { getToken } from './storage';
import { API_BASE } from './api-base';
import { acceptLanguageHeader } from './i18n/language';
import { takePreloadedAnswer } from './preloaded-answers';

/** A failed call: the server's `{status, code, message, errors}` body, or a stand-in for network failures. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string>;

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.code = body.code;
    this.errors = body.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Anything with zod's `parse`; kept structural so this module does not pull zod into every chunk. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Overrides the stored token, e.g. to log out a session that was never stored. */
  token?: string | null;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Error statuses whose body is still the call's answer (the ask call's 404 "No results found!"). */
  answerStatuses?: readonly number[];
}

export function authHeaders(token: string | null = getToken()): Record<string, string> {
  // The spec's clients send the raw token, not a Bearer scheme.
  return token ? { Authorization: token } : {};
}

function toErrorBody(status: number, payload: unknown): ErrorBody {
  if (typeof payload === 'object' && payload !== null) {
    const p = payload as Partial<ErrorBody>;
    if (typeof p.message === 'string') {
      return {
        status: typeof p.status === 'number' ? p.status : status,
        code: typeof p.code === 'string' ? p.code : 'HTTP_ERROR',
        message: p.message,
        errors: typeof p.errors === 'object' && p.errors !== null ? p.errors : undefined,
      };
    }
  }
  return { status, code: 'HTTP_ERROR', message: TOAST_MESSAGES.error };
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  const token = options.token === undefined ? getToken() : options.token;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Hindi chosen: the API answers its messages in Hindi too.
    ...acceptLanguageHeader(),
    ...options.headers,
    ...authHeaders(token),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  // A shared page arrives with its visitor's first answers (the server asked as a visitor, in
  // English): a signed-in person, or one reading Hindi, asks the API as before.
  if (token === null && !('Accept-Language' in headers) && (method === 'GET' || method === 'POST')) {
    const preloaded = takePreloadedAnswer(method, path, body);
    if (preloaded !== undefined) return parseAnswer(path, 200, preloaded, schema);
  }

  // Rendering a shared page on the server: a call the API did not answer for it is left to the browser.
  if (typeof document === 'undefined') {
    throw new ApiError({ status: 0, code: 'NOT_ON_SERVER', message: TOAST_MESSAGES.error });
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server, check your connection',
    });
  }

  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!response.ok && !options.answerStatuses?.includes(response.status)) {
    const error = toErrorBody(response.status, payload);
    // The server lets a session opened with a one-time password do nothing else until it is changed.
    if (error.code === PASSWORD_CHANGE_REQUIRED && window.location.pathname !== paths.changePassword) {
      window.location.assign(paths.changePassword);
    }
    throw new ApiError(error);
  }

  return parseAnswer(path, response.status, payload, schema);
}

function parseAnswer<T>(path: string, status: number, payload: unknown, schema: ResponseSchema<T>): T {
  try {
    return schema.parse(payload);
  } catch (error) {
    console.error(`Unexpected response from ${path}`, error);
    throw new ApiError({ status, code: 'BAD_RESPONSE', message: TOAST_MESSAGES.error });
  }
}
