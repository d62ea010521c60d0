import fs from 'node:fs';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeSeller, orderBody } from '../modules/orders/orders-test-helpers.js';
import { ROUTE_ACCESS } from '../plugins/route-access.js';
import { createTestApp, createUser, loginAs, orderKeyHeader, type TestApp } from '../test/test-app.js';
import { OPTIONAL_SESSION } from './access.js';
import { routeKey } from './document.js';
import {
  EXAMPLE_RESPONSES,
  EXAMPLES,
  orderId,
  productId,
  sellerId,
  type ExampleCaller,
  type ExampleFixture,
  type OperationExample,
} from './examples.js';
import { OPERATION_IDS } from './operation-ids.js';

/**
 * The OpenAPI document as the app serves it (decision 037): ids that never change, the route
 * table's security, the shared error answers, and every example it shows sent to the server, its
 * answer checked against the schema the document gives for it. Ids of records in examples are
 * fixtures made here first (examples.ts says which).
 */
type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, Json>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
}

let t: TestApp;
let doc: Document;
const operations = new Map<string, { method: string; path: string; op: Operation }>();
const keys = new Map<string, string>();
const tokens = new Map<ExampleCaller, string>();
const fixtures = new Map<ExampleFixture, string>();
// OpenAPI 3.0 schemas: Ajv 6 reads `nullable`; formats it does not know (binary) are not checked.
const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', allErrors: true });

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      operations.set(op.operationId, { method, path, op });
      keys.set(op.operationId, routeKey(method, path));
    }
  }
  // The records the examples name by id, and the callers they are sent as.
  const seller = await makeSeller(t, 'Gowda Footwear');
  const product = await makeProduct(t, seller, 50, { model: 'Tempo' });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/euOrder/saveOrder2',
    payload: orderBody(product),
    remoteAddress: '10.98.0.1',
  });
  fixtures.set('seller', seller.id);
  fixtures.set('product', product);
  const placedId = order.json<{ data: { order: { _id: string } } }>().data.order._id;
  fixtures.set('order', placedId);
  fixtures.set('orderKey', (await orderKeyHeader(t, placedId))['x-order-key']!);
  tokens.set('SELLER', seller.token);
  for (const role of ['END_USER', 'ADMIN'] as const) {
    const user = await createUser(t.db, { role });
    tokens.set(role, await loginAs(t.app, user.email, user.password));
  }
  await createUser(t.db, { email: 'asha.rao@example.com', password: 'Correct-horse-42' });
  // Building the whole document, four accounts and an order: more than the default on a busy CI.
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (recording) {
    const sorted = Object.fromEntries([...recorded].sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(RESPONSES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  }
});

/** `UPDATE_EXAMPLES=1 npx vitest run --project api src/openapi/document.test.ts` records the answers. */
const recording = process.env.UPDATE_EXAMPLES === '1';
const RESPONSES_FILE = new URL('./example-responses.json', import.meta.url);
const recorded = new Map<string, unknown>();

/**
 * An answer as an example shows it: the fixtures' ids as examples.ts gives them, other ids, times,
 * request ids and secrets as stable stand-ins, so recording again changes only what changed.
 */
function asExample(answer: unknown): unknown {
  const standIns = new Map<string, string>([
    [fixtures.get('seller')!, sellerId],
    [fixtures.get('product')!, productId],
    [fixtures.get('order')!, orderId],
  ]);
  const standIn = (value: string, make: (n: number) => string) => {
    let known = standIns.get(value);
    if (!known) standIns.set(value, (known = make(standIns.size)));
    return known;
  };
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    if (typeof value !== 'string') return value;
    if (/^(token|password)$|Token$|[sS]ecret|SessionId$/.test(key)) return `<${key}>`;
    if (key === 'mobile' && /^\d{10}$/.test(value)) return '9876543210';
    if (/^[0-9a-f]{24}$/.test(value)) {
      return standIn(value, (n) => `65f1a2b3c4d5e6f70819${n.toString(16).padStart(4, '0')}`);
    }
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
      return standIn(value, (n) => `7d3c9e0a-1b2f-4c5d-9e8f-${n.toString(16).padStart(12, '0')}`);
    }
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) return '2026-11-24T10:30:00.000Z';
    return value.replace(/[a-z0-9.+-]+@example\.com/g, 'asha.rao@example.com');
  };
  return walk(answer, '');
}

/** What a client reads from an answer: its keys and the kind of each value, arrays by their items. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((v) => JSON.stringify(shapeOf(v))))].sort();
    return items.map((item) => JSON.parse(item) as unknown);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

/** The example with each fixture's real id put where examples.ts says. */
function withFixtures(example: OperationExample): OperationExample {
  const copy = structuredClone(example);
  for (const [place, fixture] of Object.entries(example.fixtures ?? {})) {
    const [part, ...keys] = place.split('.');
    let target = copy[part as keyof OperationExample] as Json;
    for (const key of keys.slice(0, -1)) target = target[key] as Json;
    target[keys.at(-1)!] = fixtures.get(fixture);
  }
  return copy;
}

/** `{$ref}` to a shared component, followed, as a plain object. */
function resolve(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(resolve);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref) {
    const [, , kind, name] = ref.split('/');
    return resolve(doc.components[kind as 'schemas' | 'responses'][name!]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v)]));
}

const validators = new Map<unknown, Ajv.ValidateFunction>();
function check(schema: unknown, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(resolve(schema) as Json)));
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.dataPath} ${e.message}`);
}

describe('the operations', () => {
  it('each have the operationId of operation-ids.ts, unique and unchanged (operation-ids.txt)', async () => {
    const unnamed = [...keys.values()].filter((key) => !OPERATION_IDS[key]);
    expect(unnamed, 'routes without an operationId in operation-ids.ts').toEqual([]);
    const ids = Object.values(OPERATION_IDS);
    expect(new Set(ids).size, 'operationIds must be unique').toBe(ids.length);
    expect(operations.size).toBe(keys.size);
    // A released id never changes: the snapshot shows any change in review (vitest -u to accept an
    // added route; changing an existing line breaks generated clients).
    const lines = [...keys.entries()].map(([id, key]) => `${id} ${key}`).sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./operation-ids.txt');
  });

  it('say what session they need, as the route table does', () => {
    for (const [id, { op }] of operations) {
      const key = keys.get(id)!;
      const access = ROUTE_ACCESS[key];
      const expected =
        access?.allow === 'public'
          ? OPTIONAL_SESSION.has(key)
            ? [{}, { bearer: [] }]
            : []
          : [{ bearer: [] }];
      expect(op.security, key).toEqual(expected);
      expect(op.responses['401'] !== undefined, `${key} documents 401`).toBe(expected.length === 1);
    }
    // The optional-session list names only public routes of the table.
    for (const key of OPTIONAL_SESSION) expect(ROUTE_ACCESS[key]?.allow, key).toBe('public');
  });

  it('answer errors in the one envelope, 429 with Retry-After', async () => {
    for (const [id, { op }] of operations) {
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => c.startsWith('4')),
        id,
      ).toBe(true);
      expect(op.responses['429'], id).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    }
    const tooMany = doc.components.responses.TooManyRequests as { headers: Json };
    expect(Object.keys(tooMany.headers)).toEqual(['Retry-After']);
    // A real refusal validates against the shared schema.
    const refused = await t.app.inject({ method: 'GET', url: '/api/orders/myOrders' });
    expect(refused.statusCode).toBe(401);
    expect(check({ $ref: '#/components/schemas/ErrorBody' }, refused.json())).toEqual([]);
  });
});

describe('the documented examples', () => {
  it('are all in examples.ts, so all are replayed', () => {
    const documented = new Set<string>();
    for (const { op } of operations.values()) {
      const shown =
        op.parameters?.some((p) => p.example !== undefined) ||
        Object.values(op.requestBody?.content ?? {}).some((c) => c.example !== undefined) ||
        Object.values(op.responses).some((r) =>
          Object.values((r.content ?? {}) as Record<string, { example?: unknown }>).some(
            (c) => c.example !== undefined,
          ),
        );
      if (shown) documented.add(op.operationId);
    }
    // Nothing is shown that is not replayed below (a call without input shows no example of its own).
    expect([...documented].filter((id) => !EXAMPLES[id])).toEqual([]);
    expect(documented.size).toBeGreaterThan(15);
  });

  let address = 0;
  it.each(Object.entries(EXAMPLES))(
    '%s: the server answers as its example and its schema say',
    async (id, documented) => {
      const found = operations.get(id);
      expect(found, `no operation ${id}`).toBeDefined();
      const { method, path, op } = found!;
      const example = withFixtures(documented);

      const requestSchema = op.requestBody?.content['application/json']?.schema;
      if (example.body !== undefined) expect(check(requestSchema, example.body)).toEqual([]);
      address += 1;
      const answer = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          encodeURIComponent(String(example.params?.[name])),
        ),
        query: Object.fromEntries(Object.entries(example.query ?? {}).map(([k, v]) => [k, String(v)])),
        headers: {
          ...example.headers,
          ...(example.as ? { authorization: `Bearer ${tokens.get(example.as)}` } : {}),
        },
        // Each example from its own address: the registration and look-up budgets count per address.
        remoteAddress: `10.99.${Math.floor(address / 250)}.${address % 250}`,
        ...(example.body !== undefined ? { payload: example.body as Json } : {}),
      });
      expect(answer.statusCode, answer.body).toBe(example.status);

      const response = resolve(op.responses[String(example.status)]) as {
        content?: Record<string, { schema: Json; example?: unknown }>;
      };
      const json = response.content?.['application/json'];
      expect(json, `the document has no JSON answer for ${example.status}`).toBeDefined();
      expect(check(json!.schema, answer.json()), answer.body).toEqual([]);
      // A success answer has its example, recorded from this very call; an error answer shows the
      // shared ErrorBody component's.
      if (example.status >= 400) return;
      const shown = asExample(answer.json());
      if (recording) recorded.set(id, shown);
      const documentedAnswer = recording ? shown : EXAMPLE_RESPONSES[id];
      expect(documentedAnswer, `no recorded answer for ${id}: run with UPDATE_EXAMPLES=1`).toBeDefined();
      // (While recording, the document still shows the answers recorded before.)
      if (!recording) expect(json!.example).toEqual(documentedAnswer);
      expect(check(json!.schema, documentedAnswer)).toEqual([]);
      expect(shapeOf(shown), `${id}'s answer changed shape: record it again`).toEqual(
        shapeOf(documentedAnswer),
      );
    },
  );
});
