import net from 'node:net';
// Ajv 6 ships with the toolchain (ESLint) and reads OpenAPI 3.0's `nullable`; the API itself
// validates with zod, so the document is checked by something other than what produced it.
import Ajv from 'ajv';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeSeller } from '../modules/orders/orders-test-helpers.js';
import { createTestApp, createUser, loginAs, type TestApp } from './test-app.js';

// Issue 20, "Done means": every operation of the API's own OpenAPI document gets invalid and
// boundary values of every kind, anonymously and as the admin and a seller. No answer may be a
// 5xx, every error must be the one envelope, and every 2xx must match its documented schema.
// 5,000 requests per run (the embedded PostgreSQL, then TEST_DATABASE_URL's in CI: 10,000 in all),
// from a fixed seed, so a failure found once is found again by running this file.

const SEED = 20;
const REQUESTS = 5000;

interface Schema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, DocOperation>>;
}
interface Operation extends DocOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let r = Math.imul(state ^ (state >>> 15), 1 | state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

let t: TestApp;
let doc: OpenApi;
let operations: Operation[];
let admin: string;
let seller: string;
/** Real ids of this database (accounts, a product), so valid-looking requests reach the services. */
const realIds: string[] = [];
const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', schemaId: 'auto' });
const validators = new Map<Schema, Ajv.ValidateFunction>();

beforeAll(async () => {
  const unlimited = '1000000';
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: unlimited,
    RATE_LIMIT_REGISTRATIONS_PER_MINUTE: unlimited,
    RATE_LIMIT_POSTS_PER_MINUTE: unlimited,
    RATE_LIMIT_LOOKUPS_PER_MINUTE: unlimited,
    RATE_LIMIT_UPLOADS_PER_MINUTE: unlimited,
    RATE_LIMIT_ORDERS_PER_MINUTE: unlimited,
    ANONYMOUS_UPLOADS_PER_DAY: unlimited,
    UPLOAD_DAILY_FILES: unlimited,
  });
  doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApi>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      ...op,
      method: method.toUpperCase() as Operation['method'],
      path,
    })),
  );
  const adminUser = await createUser(t.db, { role: 'ADMIN' });
  admin = await loginAs(t.app, adminUser.email, adminUser.password);
  const sellerUser = await makeSeller(t);
  seller = sellerUser.token;
  const productId = await makeProduct(t, sellerUser, 50);
  const endUser = await createUser(t.db);
  realIds.push(adminUser.id, sellerUser.id, endUser.id, productId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Ids the API hands out (a city, a post, an order) join the pool, so later requests go deeper. */
function harvestIds(body: string) {
  for (const [, id] of body.matchAll(/"[A-Za-z_]*[iI]d":"([a-f0-9]{24})"/g)) {
    if (realIds.length < 300 && !realIds.includes(id!)) realIds.push(id!);
  }
}

/** What is wrong with an answer, if anything: a 5xx, an error outside the envelope, or a 2xx off its schema. */
function problemWith(op: Operation, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `${status} ${res.body.slice(0, 300)}`;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const documented = op.responses[String(status)];
  if (status >= 400 && !documented) {
    const body = isJson ? res.json<Record<string, unknown>>() : undefined;
    const envelope =
      body?.status === status &&
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      body.message.length > 0 &&
      Object.keys(body).every((k) => ['status', 'code', 'message', 'errors', 'requestId'].includes(k));
    return envelope ? undefined : `${status} outside the error envelope: ${res.body.slice(0, 300)}`;
  }
  if (status < 200 || (status >= 300 && status < 400)) return undefined;
  if (!documented) return `${status} is not a documented answer`;
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return undefined;
  if (!isJson) return `${status} documented as JSON, answered ${String(res.headers['content-type'])}`;
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(res.json())) return undefined;
  return `${status} does not match its schema: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 300)}`;
}

describe('errors raised by the framework itself (issue 20, finding 10)', () => {
  const envelope = (status: number, code: string) => ({ status, code, message: expect.any(String) });

  it('answer the one envelope {status, code, message}', async () => {
    const cases: Array<[InjectOptions, number, string]> = [
      [{ url: '/api/%zz' }, 400, 'BAD_REQUEST'],
      [{ url: `/api/queries/getQuery/${'a'.repeat(200)}` }, 414, 'URI_TOO_LONG'],
      [{ url: '/api/no-such-route' }, 404, 'NOT_FOUND'],
      [
        {
          method: 'POST',
          url: '/api/users/login',
          headers: { 'content-type': 'application/json' },
          payload: '{',
        },
        400,
        'BAD_REQUEST',
      ],
      [
        {
          method: 'POST',
          url: '/api/users/login',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
        400,
        'BAD_REQUEST',
      ],
      [
        { method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
        415,
        'UNSUPPORTED_MEDIA',
      ],
      [
        {
          method: 'POST',
          url: '/api/users/login',
          headers: { 'content-type': 'application/json' },
          payload: `{"userName":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];
    for (const [request, status, code] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, JSON.stringify(request).slice(0, 80)).toBe(status);
      // Quoting the request's id, which the answer's X-Request-Id header carries too.
      expect(res.json()).toEqual({ ...envelope(status, code), requestId: res.headers['x-request-id'] });
    }
  });

  it('answer the envelope when Node refuses the request before Fastify sees it', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = (request: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += String(chunk)));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head, body = ''] = answer.split('\r\n\r\n');
          resolve({ status: Number(head!.split(' ')[1]), body: body ? JSON.parse(body) : undefined });
        });
      });
    expect(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toEqual({
      status: 431,
      body: envelope(431, 'HEADERS_TOO_LARGE'),
    });
    expect(await raw(`GET /api/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toEqual({
      status: 431,
      body: envelope(431, 'HEADERS_TOO_LARGE'),
    });
    expect(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n')).toEqual({
      status: 400,
      body: envelope(400, 'BAD_REQUEST'),
    });
  });
});

describe('users/login and users/me (issue 20, finding 10)', () => {
  it('answer what their documented schema allows (kind: null for the admin)', async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { userName: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.profile.kind).toBeNull();
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: login.json().data.token },
    });
    expect(me.json().data.kind).toBeNull();
    const op = (path: string) => operations.find((o) => o.path === path)!;
    expect(problemWith(op('/api/users/login'), login)).toBeUndefined();
    expect(problemWith(op('/api/users/me'), me)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// The generator. A request starts from a body, parameters and headers that try to satisfy the
// documented schema (so it reaches the service), then one part is broken in one of many ways.

const random = prng(SEED);
let serial = 0;

const TEXTS = [
  'Asha Rao',
  'Bengaluru',
  'नमस्ते दुनिया',
  'தமிழ் உரை',
  'مرحبا بالعالم',
  'Zoë Ünïcødé',
  '😀👍🏽🇮🇳',
  'e\u0301',
  "O'Brien & <b>bold</b>",
  '  padded  ',
  'a',
  '0',
  'null',
];
const NAMES = ['Asha Rao', "Joan D'Souza-Iyer Jr.", 'Zoë Ünïcødé', 'अनीता शर्मा', 'A', 'Meera & Sons'];
const BAD_TEXTS = [
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  '\u202eevil',
  'zero\u200bwidth',
  '\ud800',
  '\ufeffbom',
  "' OR 1=1--",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '%00',
  '1e400',
  'NaN',
  '-0',
  '9'.repeat(40),
  '2026-02-30',
  'x'.repeat(10_001),
  '€'.repeat(3000),
];
const BAD_NUMBERS = [-1, 0, 1.5, -0.000001, 1e21, -1e21, 2 ** 53 + 2, 1e308, -1e308];

const deepArray = (levels: number): Json => (levels === 0 ? 'x' : [deepArray(levels - 1)]);
const deepObject = (levels: number): Json => (levels === 0 ? 1 : { a: deepObject(levels - 1) });
const BAD_SHAPES: Json[] = [
  null,
  true,
  false,
  [],
  [null],
  ['a', 1, {}],
  {},
  { $gt: '' },
  { toString: 'x', valueOf: 1 },
  deepArray(20),
  deepObject(40),
];

/** Samples of the few patterns the document uses; any other pattern gets a plain text. */
const PATTERN_SAMPLES: Record<string, () => string> = {
  '^[a-f0-9]{24}$': () => (random.chance(0.7) ? random.pick(realIds) : hex(24)),
  '^\\d{6}$': () => String(random.int(100000, 999999)),
  '^\\d{4}$': () => String(random.int(1900, 2026)),
  '^[1-9]\\d{5}$': () => random.pick(['560001', '110001', '400001', '999999']),
  '^[A-Za-z0-9_-]+$': () => `FUZZ_${serial}`,
};
const hex = (n: number) => Array.from({ length: n }, () => random.pick([...'0123456789abcdef'])).join('');

/** A value of the field's name when the schema alone cannot say (a mobile is a refined string). */
function hinted(name: string): Json | undefined {
  const key = name.toLowerCase();
  serial += 1;
  if (key.includes('email') || key === 'username') return `fuzz${serial}@example.com`;
  if (key.includes('mobile') || key.includes('phone'))
    return `9${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
  if (key.includes('pincode')) return '560001';
  if (key.includes('gstin')) return '29ABCDE1234F1Z5';
  if (key.includes('pannum')) return 'ABCDE1234F';
  if (key === 'url') return random.pick(['/media/images/fuzz.webp', 'https://example.com/page']);
  if (key.endsWith('name')) return random.pick(NAMES);
  if (key.includes('password')) return `Fuzz-secret-${serial}x`;
  if (key.includes('url') || key.includes('link') || key === 'website') return 'https://example.com/page';
  if (key === 'latitude' || key === 'lat') return 12.9716;
  if (key === 'longitude' || key === 'lng' || key === 'long') return 77.5946;
  if (key === 'from' || key === 'to' || key.endsWith('date')) return '2026-01-15';
  return undefined;
}

function fit(text: string, schema: Schema): string {
  let out = text;
  if (schema.minLength !== undefined && out.length < schema.minLength)
    out = out.padEnd(schema.minLength, 'a');
  if (schema.maxLength !== undefined && out.length > schema.maxLength) out = out.slice(0, schema.maxLength);
  return out;
}

function branches(schema: Schema): Schema[] | undefined {
  return (
    schema.anyOf ??
    schema.oneOf ??
    (schema.allOf ? [Object.assign({}, ...schema.allOf) as Schema] : undefined)
  );
}

/** A value meant to satisfy the schema, at its boundaries as often as in its middle. */
function validValue(schema: Schema, name = '', depth = 0): Json {
  const choices = branches(schema);
  if (choices) return validValue(random.pick(choices), name, depth);
  if (schema.enum) return random.pick(schema.enum) as Json;
  if (schema.nullable && random.chance(0.1)) return null;
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      const hint = hinted(name);
      if (typeof hint === 'string') return fit(hint, schema);
      if (schema.pattern) return (PATTERN_SAMPLES[schema.pattern] ?? (() => fit('sample', schema)))();
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 15)).toISOString();
      if (random.chance(0.2) && schema.maxLength !== undefined && schema.maxLength <= 100_000) {
        return 'é'.repeat(schema.maxLength);
      }
      return fit(random.pick(TEXTS), schema);
    }
    case 'integer':
    case 'number': {
      const hint = hinted(name);
      if (typeof hint === 'number') return hint;
      const lo = Math.max(schema.minimum ?? -1000, -1e6);
      const hi = Math.min(schema.maximum ?? 1000, 1e6);
      const value = random.pick([lo, hi, lo + 1, Math.max(lo, Math.min(hi, 1)), (lo + hi) / 2]);
      return type === 'integer' ? Math.floor(value) : value;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      if (depth > 6 || !schema.items) return [];
      const min = schema.minItems ?? 0;
      const count = Math.min(min + random.int(0, 2), schema.maxItems ?? min + 2);
      return Array.from({ length: count }, () => validValue(schema.items!, name, depth + 1));
    }
    case 'object': {
      const out: Record<string, Json> = {};
      if (depth > 6) return out;
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.chance(0.5)) out[key] = validValue(property, key, depth + 1);
      }
      if (typeof schema.additionalProperties === 'object' && random.chance(0.5)) {
        out[`key${serial}`] = validValue(schema.additionalProperties, '', depth + 1);
      }
      return out;
    }
    case undefined:
    default:
      return random.pick(['x', 1, true, null, {}]);
  }
}

/** A value the schema refuses, or one at the edge of what it takes. */
function badValue(schema: Schema): Json {
  const own: Json[] = [];
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  if (type === 'string') {
    if (schema.maxLength !== undefined) own.push('x'.repeat(schema.maxLength + 1));
    if (schema.minLength) own.push('x'.repeat(schema.minLength - 1));
    own.push(12345, 'ZZZZZZZZZZZZZZZZZZZZZZZZ');
  }
  if (type === 'integer' || type === 'number') {
    if (schema.maximum !== undefined) own.push(schema.maximum + 1);
    if (schema.minimum !== undefined) own.push(schema.minimum - 1);
    own.push('5', 1.5);
  }
  if (type === 'array' && schema.items) {
    own.push(Array.from({ length: (schema.maxItems ?? 200) + 1 }, () => validValue(schema.items!)));
    own.push([badValue(schema.items)]);
  }
  if (schema.enum) own.push('NOT_AN_OPTION', String(schema.enum[0]).toUpperCase());
  const pool = random.chance(0.4) && own.length > 0 ? own : [...BAD_SHAPES, ...BAD_TEXTS, ...BAD_NUMBERS];
  return random.pick(pool);
}

/** Every place in a value one could break: [parent, key, schema of the field]. */
function fieldsOf(
  value: Json,
  schema: Schema,
  out: Array<[Record<string, Json> | Json[], string | number, Schema]> = [],
) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (key in value) {
        out.push([value, key, property]);
        fieldsOf(value[key]!, branches(property)?.[0] ?? property, out);
      }
    }
  } else if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => {
      out.push([value, i, schema.items!]);
      fieldsOf(item, schema.items!, out);
    });
  }
  return out;
}

const BAD_PATH_PARAMS = [
  '%00',
  '%zz',
  'a'.repeat(101),
  '..',
  '%2e%2e%2f',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  'null',
  '%F0%9F%98%80',
  '%27%20OR%201%3D1',
  'AAAAAAAAAAAAAAAAAAAAAAAA',
  'g'.repeat(24),
  '%20',
];
const BAD_BODIES = [
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{',
  '{"a":1,}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  JSON.stringify(deepObject(33)),
];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/octet-stream',
];
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const asText = (value: Json) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Percent-encoded; a lone surrogate, which encodeURIComponent refuses, as the bytes a client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function paramValue(parameter: Parameter, broken: boolean): string {
  if (!broken) return encode(asText(validValue(parameter.schema, parameter.name)));
  return random.chance(0.5) ? random.pick(BAD_PATH_PARAMS) : encode(asText(badValue(parameter.schema)));
}

/** Header values are bytes of Latin-1; anything else a client library would refuse to send. */
const headerSafe = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `fuzz-key-${serial}`);

/** One request for an operation; `who` is the Authorization header, if any. */
function fuzzRequest(op: Operation, who: string | undefined): FuzzRequest {
  const mutation = random.pick([
    'valid',
    'valid',
    'field',
    'field',
    'field',
    'missing',
    'extra',
    'body',
    'contentType',
    'path',
    'query',
  ] as const);
  const parameters = op.parameters ?? [];
  let url = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = who ? { authorization: who } : {};
  for (const parameter of parameters) {
    const broken =
      (mutation === 'path' && parameter.in === 'path') ||
      (mutation === 'query' && parameter.in !== 'path' && random.chance(0.7));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, paramValue(parameter, broken));
    else if (!parameter.required && !broken && random.chance(0.4)) continue;
    else if (parameter.in === 'query') query.push(`${parameter.name}=${paramValue(parameter, broken)}`);
    else if (parameter.in === 'header') {
      headers[parameter.name] = broken
        ? random.pick(['', 'x', 'x'.repeat(300), 'a,b', ' '])
        : headerSafe(asText(validValue(parameter.schema, parameter.name)));
    }
  }
  if (mutation === 'query')
    query.push(random.pick(['page=1&page=2', 'x=%00', '__proto__=1', `q=${'z'.repeat(5000)}`]));
  if (query.length > 0) url += `?${query.join('&')}`;
  const request: FuzzRequest = { method: op.method, url, headers };

  if (op.path === '/api/media/upload') return withUpload(request, mutation);
  const schema = op.requestBody?.content['application/json']?.schema;
  if (!schema) {
    if (mutation === 'body' || mutation === 'contentType') {
      request.headers['content-type'] = random.pick([...WRONG_CONTENT_TYPES, 'application/json']);
      request.payload = random.pick(BAD_BODIES);
    }
    return request;
  }
  const body = validValue(schema);
  const fields = fieldsOf(body, schema);
  if (mutation === 'field' && fields.length > 0) {
    const [parent, key, fieldSchema] = random.pick(fields);
    (parent as Record<string | number, Json>)[key] = badValue(fieldSchema);
  } else if (mutation === 'missing' && body && typeof body === 'object' && !Array.isArray(body)) {
    const required = schema.required ?? Object.keys(body);
    if (required.length > 0) delete body[random.pick(required)];
  } else if (mutation === 'extra' && body && typeof body === 'object' && !Array.isArray(body)) {
    body[random.pick(['role', 'isActive', 'userId', '_id', 'extra', 'status'])] = badValue({});
  }
  request.headers['content-type'] = 'application/json';
  request.payload = JSON.stringify(body);
  if (mutation === 'body') request.payload = random.pick(BAD_BODIES);
  if (mutation === 'contentType') request.headers['content-type'] = random.pick(WRONG_CONTENT_TYPES);
  return request;
}

/** The upload route reads multipart: a real small image, a field too many, or a broken form. */
function withUpload(request: FuzzRequest, mutation: string): FuzzRequest {
  const boundary = `fuzz${serial}`;
  const part = (headers: string, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const type = mutation === 'field' ? random.pick(['IMAGE', 'VIDEO', 'FILE', 'NONE', '']) : 'IMAGE';
  const parts = [
    part('Content-Disposition: form-data; name="type"', type),
    part(
      `Content-Disposition: form-data; name="file"; filename="${random.pick(['a.png', '../../a.png', 'a', 'ä.png'])}"\r\nContent-Type: ${random.pick(['image/png', 'application/pdf', 'text/html'])}`,
      mutation === 'valid'
        ? ONE_PIXEL_PNG
        : random.pick([ONE_PIXEL_PNG.subarray(0, 20), Buffer.from('%PDF-1.4 junk'), Buffer.alloc(0)]),
    ),
  ];
  const end = Buffer.from(mutation === 'body' ? `--${boundary}` : `--${boundary}--\r\n`);
  request.headers['content-type'] =
    mutation === 'contentType'
      ? random.pick(WRONG_CONTENT_TYPES)
      : `multipart/form-data; boundary=${boundary}`;
  request.payload = Buffer.concat([...parts, end]);
  return request;
}

describe('every operation of /api/docs/json under invalid and boundary input', () => {
  it(`answers ${REQUESTS} generated requests with no 5xx, the error envelope, and 2xx bodies as documented`, async () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(operations.length).toBeGreaterThan(90);
    const started = performance.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i += 1) {
      const op = operations[i % operations.length]!;
      // Logging out would end the session the other requests use.
      const who = op.path.endsWith('/users/logout') ? undefined : random.pick([undefined, admin, seller]);
      const request = fuzzRequest(op, who);
      const res = await t.app.inject({ ...request, remoteAddress: `10.20.${i % 250}.${(i >> 8) % 250}` });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode < 300) harvestIds(res.body);
      const problem = problemWith(op, res);
      if (problem) {
        failures.push(
          `${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)} -> ${problem}`,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${REQUESTS} requests in ${seconds.toFixed(1)} s; answers by status:`,
      Object.fromEntries(statuses),
    );
    expect(failures).toEqual([]);
    // About 90 s alone; 260-360 s in CI runs beside the browser journeys (load average 15-17).
  }, 900_000);
});
