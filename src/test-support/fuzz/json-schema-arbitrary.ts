import fc from 'fast-check';

// Valid-shaped values straight from the OpenAPI document's JSON schemas, so the fuzz suite covers
// whatever an endpoint accepts today without a list kept by hand. zod-fast-check would read the zod
// schemas instead, but it is written for zod 3 and this project is on zod 4 (decision 0048).

/** The part of JSON Schema the document uses (fastify-type-provider-zod's output). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** Real values of the test's data (a city slug, the customer's address id…), tried often. */
export type KnownValues = readonly string[];

// Generated strings stay short: long ones are the hostile generator's job, and a short one that
// fits the schema reaches the use case instead of stopping at validation.
const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 4;

const DATE_RANGE = {
  min: new Date('2000-01-01'),
  max: new Date('2100-01-01'),
  noInvalidDate: true,
};

/** Strings of a known format, in the form the server expects. */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  'date-time': fc.date(DATE_RANGE).map((d) => d.toISOString()),
  date: fc.date(DATE_RANGE).map((d) => d.toISOString().slice(0, 10)),
  uri: fc.webUrl(),
};

function patternArbitrary(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // A construct fast-check cannot generate from (a lookahead): the format or plain strings do.
    return null;
  }
}

function stringArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 200, MAX_GENERATED_LENGTH));
  const shaped = [
    schema.format ? FORMATS[schema.format] : undefined,
    schema.pattern ? patternArbitrary(schema.pattern) : undefined,
  ].filter((a): a is fc.Arbitrary<string> => Boolean(a));
  if (shaped.length === 0) shaped.push(fc.string({ minLength, maxLength, unit: 'grapheme' }));
  return fc.oneof(...shaped, ...(known.length > 0 ? [fc.constantFrom(...known)] : []));
}

function objectArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, sub]) => [name, schemaArbitrary(sub, known)]),
  );
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in shape) });
}

/** An arbitrary for values the schema accepts (or nearly: patterns and formats can disagree). */
export function schemaArbitrary(
  schema: JsonSchema,
  known: KnownValues = [],
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => schemaArbitrary(s, known)));
  if (schema.allOf?.[0]) return schemaArbitrary(schema.allOf[0], known);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => schemaArbitrary({ ...schema, type }, known)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, known);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArbitrary(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? 10, MAX_GENERATED_ITEMS),
        ),
      });
    case 'object':
      return objectArbitrary(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
