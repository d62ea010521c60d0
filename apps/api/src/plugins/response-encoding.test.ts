import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appSearchResponseSchema, envelope } from '@app/domain';
import { bodyChecker, responseEncoder } from './response-encoding.js';

/** The compiled encoder of one schema, as Fastify builds it for a route. */
const encoderOf = (schema: z.ZodType, verify = false) =>
  responseEncoder({ verify })({ schema, method: 'GET', url: '/api/example', httpStatus: '200' });

/** What a repository hands back: the public fields and the ones no answer may carry. */
const person = (name: string) => ({
  _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  name,
  email: `${name.toLowerCase()}@example.com`,
  mobile: '9811122233',
  passwordHash: '$argon2id$v=19$secret',
});
const publicPerson = z.object({ _id: z.string(), name: z.string() });
const payout = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upi'), upiId: z.string() }),
  z.object({ kind: z.literal('bank'), holder: z.string(), ifsc: z.string(), account: z.string() }),
]);

describe('compiled answers', () => {
  it('carry only what the schema names, at every depth, as zod wrote them', () => {
    const schema = envelope(
      z.object({
        owner: publicPerson,
        team: z.array(publicPerson),
        reviewer: publicPerson.nullable(),
        byCity: z.record(z.string(), publicPerson),
        payout: payout.nullable(),
        location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
        note: z.string().optional(),
        rating: z.number().int().nullable(),
      }),
    );
    const answers = [
      {
        status: 200,
        message: 'ok',
        data: {
          owner: person('Asha'),
          team: [person('Ravi'), person('Leela')],
          reviewer: person('Gopal'),
          byCity: { Pune: person('Salim') },
          payout: {
            kind: 'bank',
            holder: 'Asha Rao',
            ifsc: 'HDFC0001234',
            account: '123456789',
            email: 'x@y.in',
          },
          location: { type: 'Point', coordinates: [77.6, 12.97], mobile: '9811122233' },
          rating: 4,
          internal: 'not for answers',
        },
      },
      {
        status: 200,
        message: 'ok',
        data: {
          owner: person('Asha'),
          team: [],
          reviewer: null,
          byCity: {},
          payout: { kind: 'upi', upiId: 'asha@okbank', mobile: '9811122233' },
          location: { type: 'Point', coordinates: [0, 0] },
          note: 'Ships in two days',
          rating: null,
        },
      },
    ];
    for (const answer of answers) {
      const json = encoderOf(schema)(answer);
      expect(json).not.toMatch(/example\.com|9811122233|argon2|internal|x@y\.in/);
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(z.encode(schema, answer as never))));
    }
  });

  it('pick the branch of a union without a discriminator the way zod does', () => {
    // Posts, queries or profiles, by what was searched: a profile has none of a post's fields.
    const profile = { _id: 'a1b2c3d4e5f6a1b2c3d4e5f6', name: 'Nimbus Audio', kind: 'brand' };
    const json = encoderOf(appSearchResponseSchema)({
      status: 200,
      message: 'ok',
      Data: [{ ...profile, email: 'n@example.com' }],
    });
    expect(json).toBe(JSON.stringify({ status: 200, message: 'ok', Data: [profile] }));
  });

  it.each([
    ['a transform', z.object({ price: z.number().transform((n) => n / 100) }), 'data.price: a transform'],
    ['a date', z.object({ at: z.date() }), 'data.at: a Date'],
    [
      'a trim',
      z.object({ items: z.array(z.object({ name: z.string().trim() })) }),
      'data.items[].name: a check',
    ],
    [
      'a loose object',
      z.object({ profile: z.looseObject({ name: z.string() }) }),
      'data.profile: an open object',
    ],
    ['a fallback', z.object({ count: z.number().catch(0) }), 'data.count: a fallback'],
    [
      'a preprocess',
      z.object({ n: z.preprocess(Number, z.number()) }),
      'data.n: a transform, preprocess, codec or pipe',
    ],
    [
      'a union of objects nothing tells apart',
      z.object({
        who: z.union([z.object({ a: z.string().optional() }), z.object({ b: z.string().optional() })]),
      }),
      'data.who: a union of objects without a discriminator',
    ],
  ])('refuse to start on %s, naming the route and where it is', (_what, data, where) => {
    expect(() => encoderOf(envelope(data))).toThrow(`GET /api/example (200) response: ${where}`);
  });

  it('under test, fail an answer that does not match its schema instead of coercing it', () => {
    const schema = z.object({ count: z.number().int(), name: z.string() });
    // fast-json-stringify alone turns a missing string into "" and a numeric string into a number.
    expect(encoderOf(schema)({ count: '7', name: null })).toBe('{"count":7,"name":""}');
    expect(() => encoderOf(schema, true)({ count: '7', name: null })).toThrow(
      "Response doesn't match the schema",
    );
    expect(encoderOf(schema, true)({ count: 7, name: 'Asha', email: 'a@example.com' })).toBe(
      '{"count":7,"name":"Asha"}',
    );
  });
});

describe('bodies the database writes', () => {
  const schema = z.object({ Data: z.array(publicPerson), hasMore: z.boolean() });

  it('under test, pass a body that is what the schema sends, and fail one with a field it would not', () => {
    const check = bodyChecker(true);
    const good = '{"Data":[{"_id":"a1","name":"Asha"}],"hasMore":false}';
    expect(check(schema, good)).toBe(good);
    // A repository's extra column (an e-mail) is refused, not passed on.
    expect(() =>
      check(schema, '{"Data":[{"_id":"a1","name":"Asha","email":"a@x.in"}],"hasMore":false}'),
    ).toThrow("Response doesn't match the schema");
    expect(() => check(schema, '{"Data":[{"_id":"a1","name":7}],"hasMore":false}')).toThrow(
      "Response doesn't match the schema",
    );
  });

  it('in production, pass the body as it is', () => {
    const body = '{"Data":[],"hasMore":"no"}';
    expect(bodyChecker(false)(schema, body)).toBe(body);
  });
});
