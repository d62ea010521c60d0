import { isDeepStrictEqual } from 'node:util';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseJsonSchema } from '../lib/response-json-schema.js';

type Encode = (data: unknown) => string;

/**
 * Fastify's serializer compiler for zod response schemas: each is turned into a JSON Schema once
 * (lib/response-json-schema.ts) and compiled by fast-json-stringify, so an answer costs one
 * generated function rather than zod's encoding and then `JSON.stringify` (decision 034). A schema
 * the encoder cannot reproduce stops the start-up, naming the route and the place in the schema;
 * the function itself is compiled when the route first answers.
 *
 * With `verify` (tests), every answer is also encoded by zod as it was before: an answer zod
 * refuses, or one the two encoders write differently, fails the request with a 500 and says why
 * on stderr, so every API test also checks that answers match their documented schemas.
 */
export function responseEncoder({ verify }: { verify: boolean }): FastifySerializerCompiler<unknown> {
  const compile = SerializerSelector()();
  // Schemas are shared by routes (and by the HEAD route Fastify adds to each GET): generated once.
  const encoders = new WeakMap<z.ZodType, Encode>();
  return ({ schema, method, url, httpStatus = 'default' }) => {
    const route = `${method} ${url} (${httpStatus})`;
    if (!(schema instanceof z.ZodType)) throw new Error(`${route}: the response schema is not a zod schema`);
    let encode = encoders.get(schema);
    if (!encode) {
      let jsonSchema: ReturnType<typeof responseJsonSchema>;
      try {
        jsonSchema = responseJsonSchema(schema);
      } catch (error) {
        throw new Error(`${route} response: ${(error as Error).message}`, { cause: error });
      }
      // Compiled on first use: fast-json-stringify builds an Ajv instance per schema (10-50 ms),
      // which for every route would add seconds to the start-up.
      let compiled: Encode | undefined;
      encode = (data) => (compiled ??= compile({ schema: jsonSchema, method, url, httpStatus }))(data);
      encoders.set(schema, encode);
    }
    return verify ? verified(encode, schema, method, url, route) : encode;
  };
}

function verified(encode: Encode, schema: z.ZodType, method: string, url: string, route: string): Encode {
  return (data) => {
    const byZod = z.safeEncode(schema, data);
    if (!byZod.success) {
      console.error(`Answer of ${route} does not match its schema: ${z.prettifyError(byZod.error)}`);
      throw new ResponseSerializationError(method, url, { cause: byZod.error });
    }
    const json = encode(data);
    const expected: unknown = JSON.parse(JSON.stringify(byZod.data));
    if (!isDeepStrictEqual(JSON.parse(json), expected)) {
      const message = `the compiled encoder wrote ${json}, zod ${JSON.stringify(expected)}`;
      console.error(`Answer of ${route}: ${message}`);
      throw new ResponseSerializationError(method, url, {
        cause: new z.ZodError([{ code: 'custom', message, path: [], input: data }]),
      });
    }
    return json;
  };
}

/** Encodes a body built ahead of its request (a cached answer) as its route would. */
export type BodyEncoder = <T>(schema: z.ZodType<T>, data: T) => string;

/**
 * The route encoder for bodies that are built once and sent many times (the catalogue's cached
 * pages and products): compiled once per schema, and checked against zod in tests like any answer.
 */
export function bodyEncoder(compiler: FastifySerializerCompiler<unknown>): BodyEncoder {
  const encoders = new WeakMap<z.ZodType, Encode>();
  return (schema, data) => {
    let encode = encoders.get(schema);
    if (!encode) {
      encode = compiler({ schema, method: 'GET', url: '(a cached answer)', httpStatus: '200' });
      encoders.set(schema, encode);
    }
    return encode(data);
  };
}

/** For services used without an app (scripts, unit tests): zod's encoding, then JSON. */
export const zodBodyEncoder: BodyEncoder = (schema, data) => JSON.stringify(schema.encode(data));

/** Checks a body written as JSON outside the encoders (by the database) before it is sent. */
export type BodyChecker = (schema: z.ZodType, json: string) => string;

/**
 * With `verify` (tests), a body the database wrote must be what its route's schema would send:
 * zod parses it, and encoding the parsed value again must give back the same JSON, so a missing,
 * mistyped or extra field fails the request with a 500 as any answer does. Otherwise the body
 * passes as it is.
 */
export function bodyChecker(verify: boolean): BodyChecker {
  if (!verify) return (_schema, json) => json;
  return (schema, json) => {
    const sent: unknown = JSON.parse(json);
    const parsed = schema.safeParse(sent);
    const again = parsed.success ? z.safeEncode(schema, parsed.data) : undefined;
    const problem = !parsed.success
      ? z.prettifyError(parsed.error)
      : !again?.success
        ? 'zod cannot encode it again'
        : isDeepStrictEqual(JSON.parse(JSON.stringify(again.data)), sent)
          ? undefined
          : `the database wrote ${json}, the schema keeps ${JSON.stringify(again.data)}`;
    if (problem) {
      console.error(`A body written by the database does not match its schema: ${problem}`);
      throw new ResponseSerializationError('GET', '(a body written by the database)', {
        cause: new z.ZodError([{ code: 'custom', message: problem, path: [], input: sent }]),
      });
    }
    return json;
  };
}
