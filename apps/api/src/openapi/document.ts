import { OPERATION_IDS } from './operation-ids.js';
import { TAGS } from './tags.js';
import { accessSentence, sessionOf, securityOf } from './access.js';
import { ERROR_RESPONSES, errorBodyComponent, type ErrorResponseName } from './error-responses.js';
import { EXAMPLE_RESPONSES, EXAMPLES } from './examples.js';

/* The OpenAPI 3.0 document as @fastify/swagger hands it over, loosely typed: this module edits it. */
type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<Json & { name: string; in: string }>;
  requestBody?: Json & { content?: Record<string, Json> };
  responses?: Record<string, Json & { content?: Record<string, Json> | undefined }>;
  security?: Array<Record<string, string[]>>;
}
export interface OpenApiDocument extends Json {
  info: Json & { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

export interface DocumentOptions {
  /** PUBLIC_URL; without it the document names the local server. */
  publicUrl: string | undefined;
  port: number;
  /** Requests per minute per client address: the global limit and the routes' budgets (rate-limits.ts). */
  limits: { global: number; budgets: Readonly<Record<string, number>> };
  /** `METHOD /api/path` -> the rate budget the route names, collected as the routes are documented. */
  routeBudgets: ReadonlyMap<string, string>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** `/api/orders/{orderId}/cancel` -> `/api/orders/:orderId/cancel`, the route table's spelling. */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** An id for a route the table does not name yet; operation-ids.test.ts fails until it does. */
function fallbackId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** Answers whose body is not JSON: the route sets its own content type. */
const RAW_CONTENT: Readonly<Record<string, Json>> = {
  exportProducts: { 'text/csv': { schema: { type: 'string', description: 'The import format, UTF-8.' } } },
  exportSettlements: { 'text/csv': { schema: { type: 'string', description: 'Oldest row first, UTF-8.' } } },
  downloadInvoicePdf: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The image, MP4/MOV video or PDF.' },
          type: { type: 'string', enum: ['IMAGE', 'VIDEO', 'FILE'], description: 'What the file is.' },
        },
      },
    },
  },
};

/** The payment provider's call: its body is read as raw bytes (the signature covers them), so no zod schema names it. */
const WEBHOOK_INPUT = {
  parameters: ['x-webhook-signature', 'x-webhook-timestamp'].map((name) => ({
    name,
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      name === 'x-webhook-signature'
        ? 'Base64(HMAC-SHA256(x-webhook-timestamp + raw body, secret)).'
        : 'When the provider sent it, in milliseconds since 1970; stale ones are refused.',
  })),
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          description: "The provider's event (Cashfree's webhook body), verified over its exact bytes.",
        },
      },
    },
  },
};

const DEPRECATION_POLICY = [
  '## Legacy paths and deprecation',
  'The paths named in the product specification (section 7: `users/login`, `euOrder/saveOrder2`, `inflncr/getAllInflncrCate`, their spellings included) are kept exactly as existing mobile clients call them; none is deprecated today.',
  'When one gets a replacement, its operation is marked `deprecated: true` here, its answers carry a `Deprecation` header and a `Sunset` date at least 12 months later, and the change is listed in docs/api.md; it keeps working, with the same body, until that date.',
  'An `operationId` never changes once released (generated clients are named after it).',
].join('\n\n');

/** Fills in what the routes' zod schemas cannot say: ids, security, errors, examples, servers, tags. */
export function finishDocument(doc: OpenApiDocument, options: DocumentOptions): OpenApiDocument {
  doc.servers = [
    options.publicUrl
      ? { url: options.publicUrl.replace(/\/+$/, ''), description: 'This deployment (PUBLIC_URL)' }
      : { url: `http://localhost:${options.port}`, description: 'This server, started without PUBLIC_URL' },
  ];
  doc.info = {
    ...doc.info,
    description: `${doc.info.description ?? ''}\n\n${DEPRECATION_POLICY}`,
    contact: {
      name: 'Revuhub API',
      url: `${options.publicUrl ?? `http://localhost:${options.port}`}/contact`,
    },
    license: { name: 'Proprietary', url: `${options.publicUrl ?? `http://localhost:${options.port}`}/terms` },
  };
  delete doc.security;
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The `data.token` of `POST /api/users/login`, sent as `Authorization: Bearer <token>`. An unknown or expired token counts as no session.',
      },
    },
    schemas: { ...doc.components?.schemas, ErrorBody: errorBodyComponent() },
    responses: { ...doc.components?.responses, ...ERROR_RESPONSES },
  };

  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const key = routeKey(method, path);
      op.operationId = OPERATION_IDS[key] ?? fallbackId(method, path);
      op.security = securityOf(key);
      for (const tag of op.tags ?? []) usedTags.add(tag);
      describe(op, key, options);
      documentBodies(op);
      documentErrors(op, key);
      applyExamples(op);
    }
  }
  // A tag missing from tags.ts is listed without a description, which the linters refuse.
  const known = new Set(TAGS.map((t) => t.name));
  doc.tags = [
    ...TAGS.filter((t) => usedTags.has(t.name)),
    ...[...usedTags].filter((t) => !known.has(t)).map((name) => ({ name })),
  ];
  fixSchemas(doc);
  return doc;
}

function budgetOf(key: string, options: DocumentOptions): string {
  const budget = options.routeBudgets.get(key);
  const perMinute = budget ? options.limits.budgets[budget] : undefined;
  return budget && perMinute !== undefined
    ? `Rate limit: the \`${budget}\` budget, ${perMinute} requests a minute per client address${budget === 'lookup' ? ', shared by every look-up route, and as many again per browser that sends its `buyer_device` cookie, over every address it uses' : ''}.`
    : `Rate limit: the global ${options.limits.global} requests a minute per client address.`;
}

function describe(op: Operation, key: string, options: DocumentOptions) {
  const parts = [op.description, accessSentence(key), budgetOf(key, options)].filter(Boolean);
  op.description = parts.join('\n\n');
}

function documentBodies(op: Operation) {
  const raw = op.operationId ? RAW_CONTENT[op.operationId] : undefined;
  if (raw) {
    const ok = Object.keys(op.responses ?? {}).find((s) => s.startsWith('2')) ?? '200';
    op.responses = {
      ...op.responses,
      [ok]: { description: 'The file', content: raw as Record<string, Json> },
    };
  }
  if (op.operationId === 'uploadMedia' && !op.requestBody) op.requestBody = UPLOAD_BODY;
  if (op.operationId === 'receivePaymentWebhook' && !op.requestBody) {
    op.parameters = [...(op.parameters ?? []), ...WEBHOOK_INPUT.parameters];
    op.requestBody = WEBHOOK_INPUT.requestBody;
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (response.description === 'Default Response')
      response.description = status.startsWith('2') ? 'Done' : 'Refused';
  }
}

function documentErrors(op: Operation, key: string) {
  const session = sessionOf(key);
  const hasInput = (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined;
  const hasPathParams = op.parameters?.some((p) => p.in === 'path') ?? false;
  const wanted: Array<[string, ErrorResponseName]> = [];
  if (hasInput) wanted.push(['400', 'BadRequest']);
  if (session === 'required') wanted.push(['401', 'Unauthorized']);
  if (session !== 'none') wanted.push(['403', 'Forbidden']);
  if (hasPathParams) wanted.push(['404', 'NotFound']);
  wanted.push(['429', 'TooManyRequests'], ['500', 'InternalError'], ['default', 'Error']);
  const responses = (op.responses ??= {});
  for (const [status, name] of wanted) {
    responses[status] ??= { $ref: `#/components/responses/${name}` };
  }
}

function applyExamples(op: Operation) {
  const example = op.operationId ? EXAMPLES[op.operationId] : undefined;
  if (!example) return;
  for (const parameter of op.parameters ?? []) {
    const value =
      example.params?.[parameter.name] ??
      example.query?.[parameter.name] ??
      example.headers?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  const json = op.requestBody?.content?.['application/json'];
  if (json && example.body !== undefined) json.example = example.body;
  // Error answers are the shared components' (ErrorBody): their examples are the components' own.
  const answer = op.responses?.[String(example.status)]?.content?.['application/json'];
  const recorded = EXAMPLE_RESPONSES[op.operationId!];
  if (answer && recorded !== undefined) answer.example = recorded;
}

/**
 * zod's conversion leaves two shapes the 3.0 linters refuse: `nullable` beside `anyOf` without a
 * `type`, and an `anyOf` of one schema. Both are rewritten to equivalent schemas.
 */
function fixSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixSchemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && anyOf[0] && typeof anyOf[0] === 'object') {
    delete schema.anyOf;
    Object.assign(schema, anyOf[0]);
  }
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    const types = new Set((schema.anyOf as Json[]).map((s) => s.type));
    const [only] = [...types];
    if (types.size === 1 && typeof only === 'string') {
      schema.type = only;
      for (const branch of schema.anyOf as Json[]) delete branch.type;
    }
  }
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  for (const value of Object.values(schema)) fixSchemas(value);
}
