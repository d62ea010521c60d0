import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Schemas are shared by routes (a body schema by the five order calls, headers by many): compiled once.
const compiledSchemas = new WeakMap<z.ZodType, z.ZodType>();

function compiledOf(schema: z.ZodType): z.ZodType {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    compiled = z.compile(schema);
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

/**
 * Fastify's validator compiler for the zod request schemas (body, query, params, headers), each
 * run through zod's ahead-of-time compiler (`z.compile`). A compiled schema is a clone whose parse
 * first tries code generated for that one schema, and on any input it refuses runs zod's own parser,
 * so a refused request gets exactly the messages it got before. Why: zod's shared parser functions
 * see every schema of the API and go megamorphic under load; the order body cost 14 µs to parse on
 * the runtime parser and 3-4 µs compiled (issue 42, bench/README.md). A schema the compiler cannot
 * model is handed back as it is. Compiled on the route's first request, so start-up does not pay
 * for the hundreds of routes a process may never serve.
 */
export const requestValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  let validate: ReturnType<FastifySchemaCompiler<z.ZodType>> | undefined;
  return (data) => {
    validate ??= validatorCompiler({ ...route, schema: compiledOf(route.schema) });
    return validate(data);
  };
};
