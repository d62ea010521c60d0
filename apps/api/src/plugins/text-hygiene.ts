import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseText, textProblem } from '@app/domain';
import { AppError } from '../lib/app-error.js';

// Secrets are compared byte for byte and never shown, so they are left exactly as typed.
const SECRET_KEYS = new Set(['password', 'currentPassword', 'newPassword', 'code']);

/**
 * Objects and arrays nested deeper than this are refused with 400. No form of the API nests past
 * a handful of levels, and walking a body a few thousand levels deep overflowed the stack (500).
 */
export const MAX_JSON_DEPTH = 32;
const TOO_DEEP = `Body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * Applies the domain's free-text rule (packages/domain/src/text.ts) to every string of every JSON
 * body, query string and route parameter before validation: a NUL or a hidden character is a 400
 * naming the field, never a 500 from the database, and every stored text is NFC.
 */
export function registerTextHygiene(app: FastifyInstance) {
  registerDepthLimitedJson(app);
  // Callback style, and most reads (no body, no query string, no route parameters) have nothing
  // to check: they pass without a promise or a closure of their own.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body == null && isEmptyRecord(request.query) && isEmptyRecord(request.params)) return done();
    try {
      cleanRequest(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

/** Cleans the body, query string and route parameters in place; a 400 names each bad field. */
function cleanRequest(request: FastifyRequest) {
  const errors: Record<string, string> = {};
  const clean = (value: unknown, path: string, depth = 0): unknown => {
    if (typeof value === 'string') {
      // A whole file's text (a CSV export opened in Excel and sent back) may start with a
      // byte-order mark: it marks the encoding, so it is dropped rather than refused.
      const text = value.startsWith('\ufeff') ? value.slice(1) : value;
      const problem = textProblem(text);
      if (problem) errors[path || 'body'] ??= problem;
      return normaliseText(text);
    }
    if (!value || typeof value !== 'object') return value;
    // The JSON parser below already refuses deeper bodies; this keeps any other parser's safe too.
    if (depth >= MAX_JSON_DEPTH) throw new AppError('BAD_REQUEST', TOO_DEEP);
    if (Array.isArray(value)) {
      return value.map((v, i) => clean(v, path ? `${path}.${i}` : String(i), depth + 1));
    }
    if (isPlainRecord(value)) {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (SECRET_KEYS.has(key)) continue;
        record[key] = clean(record[key], path ? `${path}.${key}` : key, depth + 1);
      }
    }
    return value;
  };
  request.body = clean(request.body, '');
  request.query = clean(request.query, '');
  request.params = clean(request.params, '');
  if (Object.keys(errors).length > 0) {
    const message = Object.entries(errors)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    throw new AppError('BAD_REQUEST', message, errors);
  }
}

/** Undefined, null, or an object without keys of its own (a parsed query string has no prototype). */
function isEmptyRecord(value: unknown): boolean {
  if (value == null) return true;
  if (typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning checks), after a scan of the text that
 * refuses a body nested past MAX_JSON_DEPTH. The scan comes first because parsing a 1 MB body of
 * brackets alone costs a quarter of a second, and it stops at the first bracket too many.
 */
function registerDepthLimitedJson(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', TOO_DEEP), undefined);
      return;
    }
    void parse(request, body as string, done);
  });
}

/** Whether the JSON text opens more than `max` objects or arrays inside one another. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
      if (i < 0) return false; // an unterminated string: the parser refuses it
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** Index of the quote that closes the string opened at `open`, skipping escaped quotes; -1 if none. */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** JSON objects and the null-prototype records of parsed query strings; not buffers or streams. */
function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}
