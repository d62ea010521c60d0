import type { FastifyInstance } from 'fastify';
import { normaliseText, textProblem } from '@app/domain';
import { AppError } from '../lib/app-error.js';

// Secrets are compared byte for byte and never shown, so they are left exactly as typed.
const SECRET_KEYS = new Set(['password', 'currentPassword', 'newPassword', 'code']);

/**
 * Applies the domain's free-text rule (packages/domain/src/text.ts) to every string of every JSON
 * body, query string and route parameter before validation: a NUL or a hidden character is a 400
 * naming the field, never a 500 from the database, and every stored text is NFC.
 */
export function registerTextHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors: Record<string, string> = {};
    const clean = (value: unknown, path: string): unknown => {
      if (typeof value === 'string') {
        // A whole file's text (a CSV export opened in Excel and sent back) may start with a
        // byte-order mark: it marks the encoding, so it is dropped rather than refused.
        const text = value.startsWith('\ufeff') ? value.slice(1) : value;
        const problem = textProblem(text);
        if (problem) errors[path || 'body'] ??= problem;
        return normaliseText(text);
      }
      if (Array.isArray(value)) return value.map((v, i) => clean(v, path ? `${path}.${i}` : String(i)));
      if (value && typeof value === 'object' && isPlainRecord(value)) {
        const record = value as Record<string, unknown>;
        for (const key of Object.keys(record)) {
          if (SECRET_KEYS.has(key)) continue;
          record[key] = clean(record[key], path ? `${path}.${key}` : key);
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
  });
}

/** JSON objects and the null-prototype records of parsed query strings; not buffers or streams. */
function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}
