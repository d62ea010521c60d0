import { z } from 'zod';

/** JSON Schema as fast-json-stringify reads it (draft 7). */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * The JSON Schema an answer is encoded with, generated from its zod response schema (decision 034).
 * The encoder writes only what the schema names, so it does what zod's encoding did on every
 * request: objects are closed (`additionalProperties: false`), which drops the fields a repository
 * returns but an answer must not carry (e-mails, mobiles, password data). A part the encoder
 * cannot reproduce exactly (a transform, a date, a trim, a fallback) throws, naming where it is,
 * rather than becoming `{}` and passing whatever it is given.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  assertEncodable(schema, '', new Set());
  const generated = z.toJSONSchema(schema, {
    io: 'output',
    // fast-json-stringify reads draft 7: tuples as `items: [...]`, not `prefixItems`.
    target: 'draft-7',
    unrepresentable: 'throw',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema;
  delete generated.$schema;
  return encoderReady(generated, '');
}

export class UnencodableSchemaError extends Error {
  constructor(path: string, what: string) {
    super(`${path || '(the whole answer)'}: ${what}; the compiled encoder cannot reproduce it`);
    this.name = 'UnencodableSchemaError';
  }
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Zod kinds whose output a JSON Schema cannot describe, or whose encoding changes the value. */
const UNENCODABLE = {
  transform: 'a transform',
  pipe: 'a transform, preprocess, codec or pipe',
  catch: 'a fallback (.catch)',
  prefault: 'a prefault',
  date: 'a Date (answer an ISO string instead)',
  bigint: 'a bigint',
  map: 'a Map',
  set: 'a Set',
  symbol: 'a symbol',
  undefined: 'undefined',
  void: 'void',
  never: 'never',
  nan: 'NaN',
  promise: 'a promise',
  function: 'a function',
  custom: 'a custom type',
  file: 'a file',
  intersection: 'an intersection (merge the objects instead)',
  success: 'a parse result (z.success)',
} as const;

/** Walks the zod schema itself, so the error can say where the unencodable part sits. */
function assertEncodable(schema: z.core.$ZodType, path: string, seen: Set<z.core.$ZodType>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  // `.trim()`, `.toLowerCase()` and `.overwrite()` rewrite the value while it is encoded.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite'))
    throw new UnencodableSchemaError(path, 'a check that rewrites the value (trim, case, overwrite)');
  switch (def.type) {
    case 'object': {
      const { shape, catchall } = def as z.core.$ZodObjectDef;
      if (catchall && catchall._zod.def.type !== 'never')
        throw new UnencodableSchemaError(
          path,
          'an open object (loose or catchall) that would pass any field',
        );
      for (const [key, field] of Object.entries(shape)) assertEncodable(field, at(path, key), seen);
      return;
    }
    case 'array':
      return assertEncodable((def as z.core.$ZodArrayDef).element, `${path}[]`, seen);
    case 'tuple': {
      const { items, rest } = def as z.core.$ZodTupleDef;
      items.forEach((item, i) => assertEncodable(item, `${path}[${String(i)}]`, seen));
      if (rest) assertEncodable(rest, `${path}[]`, seen);
      return;
    }
    case 'record': {
      const { keyType, valueType } = def as z.core.$ZodRecordDef;
      assertEncodable(keyType, `${path}{key}`, seen);
      return assertEncodable(valueType, `${path}{}`, seen);
    }
    case 'union':
      (def as z.core.$ZodUnionDef).options.forEach((option, i) =>
        assertEncodable(option, `${path}|${String(i)}`, seen),
      );
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return assertEncodable((def as z.core.$ZodOptionalDef).innerType, path, seen);
    case 'lazy':
      return assertEncodable((def as z.core.$ZodLazyDef).getter(), path, seen);
    case 'literal':
      if (
        (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values.some(
          (v) => typeof v === 'bigint' || v === undefined,
        )
      )
        throw new UnencodableSchemaError(path, 'a literal JSON has no value for');
      return;
    case 'any':
    case 'unknown':
    case 'boolean':
    case 'enum':
    case 'int':
    case 'null':
    case 'number':
    case 'string':
    case 'template_literal':
      return;
    case 'transform':
    case 'pipe':
    case 'catch':
    case 'prefault':
    case 'date':
    case 'bigint':
    case 'map':
    case 'set':
    case 'symbol':
    case 'undefined':
    case 'void':
    case 'never':
    case 'nan':
    case 'promise':
    case 'function':
    case 'custom':
    case 'file':
    case 'intersection':
    case 'success':
      throw new UnencodableSchemaError(path, UNENCODABLE[def.type]);
  }
}

/** Keywords whose value is one subschema, or an array or map of them. */
const ONE = ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else'];
const LIST = ['items', 'anyOf', 'oneOf', 'allOf'];
const MAP = ['properties', 'definitions', '$defs'];

/**
 * Readies a generated schema for fast-json-stringify, whose semantics differ from zod's in two
 * places: it picks a union's branch by validating the value against each branch, so a closed
 * object branch would refuse the very fields it should drop (unions of objects become an
 * if/then/else on their discriminator); and it writes a `default` for a missing field where
 * zod's encoding refused the answer (defaults are removed, so the field stays required).
 */
function encoderReady(node: JsonSchema, path: string): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'default') continue;
    if (MAP.includes(keyword) && isSchemaMap(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          encoderReady(v, keyword === 'properties' ? at(path, k) : path),
        ]),
      );
    } else if (LIST.includes(keyword) && Array.isArray(value)) {
      out[keyword] = (value as JsonSchema[]).map((v, i) =>
        encoderReady(v, keyword === 'items' ? `${path}[${String(i)}]` : path),
      );
    } else if (ONE.includes(keyword) && isSchema(value)) {
      out[keyword] = encoderReady(value, keyword === 'items' ? `${path}[]` : path);
    } else {
      out[keyword] = value;
    }
  }
  if (out.properties !== undefined && out.additionalProperties !== false)
    throw new UnencodableSchemaError(path, 'an object that is not closed');
  const branches = (out.anyOf ?? out.oneOf) as JsonSchema[] | undefined;
  if (!branches || !branches.some(holdsClosedObject)) return out;
  delete out.anyOf;
  delete out.oneOf;
  const [first, second] = branches;
  const nullable =
    branches.length === 2 && (first?.type === 'null' ? second : second?.type === 'null' ? first : undefined);
  // `.nullable()`: fast-json-stringify tells the two apart by the value's JavaScript type.
  if (nullable && typeof nullable.type === 'string' && !('if' in nullable))
    return { ...out, ...nullable, type: [nullable.type, 'null'] };
  return { ...out, ...branchByCondition(branches, path) };
}

/**
 * A union holding objects, as a chain of if/then/else taking the first branch that fits, as zod
 * does: `null` by its type; an object by its discriminator (a property every object branch
 * requires, with a constant per branch) or else by the fields it requires; an array of them by
 * its items. The last branch is the final `else`, so it needs no condition.
 */
function branchByCondition(branches: JsonSchema[], path: string): JsonSchema {
  const objects = branches.filter(isClosedObject);
  const discriminator = [...new Set(objects.flatMap(requiredOf))].find((key) =>
    objects.every((b) => {
      const property = (b.properties as Record<string, JsonSchema>)[key];
      return requiredOf(b).includes(key) && property && ('const' in property || 'enum' in property);
    }),
  );
  const condition = (branch: JsonSchema): JsonSchema => {
    if (branch.type === 'null') return { type: 'null' };
    if (isClosedObject(branch)) {
      if (objects.length === 1) return { type: 'object' };
      if (discriminator) {
        const property = (branch.properties as Record<string, JsonSchema>)[discriminator]!;
        const value = 'const' in property ? { const: property.const } : { enum: property.enum };
        return { type: 'object', properties: { [discriminator]: value }, required: [discriminator] };
      }
      if (requiredOf(branch).length === 0)
        throw new UnencodableSchemaError(
          path,
          'a union of objects without a discriminator or required fields',
        );
      return { type: 'object', required: requiredOf(branch) };
    }
    if (branch.type === 'array' && isSchema(branch.items)) {
      const items = branch.items;
      return {
        type: 'array',
        items: isClosedObject(items) ? { type: 'object', required: requiredOf(items) } : condition(items),
      };
    }
    if (holdsClosedObject(branch))
      throw new UnencodableSchemaError(
        path,
        'a union branch holding objects that is neither an object, an array nor null',
      );
    return branch;
  };
  // `null` first: nothing else matches it, and the branch left last needs no condition.
  const ordered = [
    ...branches.filter((b) => b.type === 'null'),
    ...branches.filter((b) => b.type !== 'null'),
  ];
  const last = ordered.pop()!;
  return ordered.reduceRight<JsonSchema>(
    (otherwise, branch) => ({ if: condition(branch), then: branch, else: otherwise }),
    last,
  );
}

const requiredOf = (schema: JsonSchema) => (schema.required as string[] | undefined) ?? [];

function isClosedObject(schema: JsonSchema): boolean {
  return schema.type === 'object' && isSchemaMap(schema.properties);
}

function holdsClosedObject(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(holdsClosedObject);
  if (!isSchema(node)) return false;
  if (node.additionalProperties === false || '$ref' in node) return true;
  return Object.values(node).some(holdsClosedObject);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchemaMap(value: unknown): value is Record<string, JsonSchema> {
  return isSchema(value) && Object.values(value).every(isSchema);
}
