import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { DEEP_ARRAY, DEEP_OBJECT, hostileString, ONE_MIB, wrongType } from './hostile';
import { schemaArbitrary, type JsonSchema, type KnownValues } from './json-schema-arbitrary';

// One generated request for one operation of the OpenAPI document: path, query, body, content
// type and caller each either shaped as the schema says or broken in one of the ways attackers
// and broken clients break them.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface FuzzOperation {
  name: string;
  method: Method;
  /** The path template, e.g. /api/cities/{city}/treatments. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
}

/** Every operation of the document, in its order. */
export function fuzzOperationsOf(doc: OpenAPIV3_1.Document): FuzzOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method.toLowerCase() as Lowercase<Method>];
      if (!operation) return [];
      const params = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const pick = (where: string) =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            schema: (p.schema ?? {}) as JsonSchema,
            required: p.required === true,
          }));
      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const bodySchema = body ? Object.values(body.content)[0]?.schema : undefined;
      return [
        {
          name: `${method} ${path}`,
          method,
          path,
          pathParams: pick('path'),
          query: pick('query'),
          body: bodySchema ? (bodySchema as JsonSchema) : null,
        },
      ];
    }),
  );
}

/** Who sends the request: the headers each kind of caller carries. */
export type Callers = Record<string, Record<string, string>>;

export interface FuzzRequest {
  method: Method;
  url: string;
  caller: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Short enough to read in a failure report: a 1 MiB body is shown by its length. */
export function describeRequest(r: FuzzRequest): string {
  const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const type = r.headers['content-type'] ?? '(none)';
  const body = r.payload === undefined ? '' : ` body ${JSON.stringify(clip(r.payload))}`;
  return `${r.method} ${clip(r.url)} as ${r.caller}, content-type ${type}${body}`;
}

/** Percent-encodes like a client; a lone surrogate has no UTF-8, so it goes as its CESU bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path or query value, percent-encoded, or deliberately not (bad escapes, over-long). */
function urlValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: schemaArbitrary(schema, known).map((v) => encode(String(v))) },
    { weight: 3, arbitrary: hostileString.map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%C0%AE', '%ZZ', '%E0%A4%A', '..', '%2e%2e', 'a'.repeat(400)),
    },
  );
}

function pathArbitrary(op: FuzzOperation, known: KnownValues): fc.Arbitrary<string> {
  if (op.pathParams.length === 0) return fc.constant(op.path);
  const values = op.pathParams.map((p) => urlValue(p.schema, known));
  return fc
    .tuple(...values)
    .map((encoded) =>
      op.pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, encoded[i] ?? ''), op.path),
    );
}

function queryArbitrary(op: FuzzOperation, known: KnownValues): fc.Arbitrary<string> {
  const pairs = op.query.map((p) =>
    fc.oneof(
      // A required parameter is usually there; any may be missing, repeated or empty.
      {
        weight: p.required ? 8 : 4,
        arbitrary: urlValue(p.schema, known).map((v) => [`${p.name}=${v}`]),
      },
      { weight: 2, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(urlValue(p.schema, known), urlValue(p.schema, known))
          .map(([a, b]) => [`${p.name}=${a}`, `${p.name}=${b}`]),
      },
      { weight: 1, arbitrary: fc.constantFrom([p.name], [`${p.name}=`], [`${p.name}[]=1`]) },
    ),
  );
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ['__proto__[x]=1'],
        ['constructor=1'],
        ['a=%'],
        ['&&&='],
        ['x=%00'],
      ),
    },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([parts, more]) => {
    const all = [...parts.flat(), ...more];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

type Json = Record<string, unknown>;

/** The valid-shaped body, or it broken in one place. */
function jsonBodyArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const valid = schemaArbitrary(schema, known);
  const isObject = (v: unknown): v is Json =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const fieldNames = Object.keys(schema.properties ?? {});
  const field = fieldNames.length > 0 ? fc.constantFrom(...fieldNames) : fc.constant('field');
  return fc
    .oneof(
      { weight: 5, arbitrary: valid },
      {
        weight: 3,
        arbitrary: fc
          .tuple(valid, field, wrongType)
          .map(([v, name, bad]) => (isObject(v) ? { ...v, [name]: bad } : bad)),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(valid, field).map(([v, name]) => {
          if (!isObject(v)) return v;
          const rest = { ...v };
          delete rest[name];
          return rest;
        }),
      },
      { weight: 1, arbitrary: wrongType },
      {
        weight: 1,
        arbitrary: valid.map((v) => (isObject(v) ? { ...v, extra: ONE_MIB.slice(0, 900_000) } : v)),
      },
    )
    .map((value) => JSON.stringify(value) ?? 'null');
}

/** Text that is not JSON, or JSON that hurts: deep, huge, prototype-polluting. */
const brokenBody: fc.Arbitrary<string> = fc.constantFrom(
  '{',
  '{"a":',
  "{'a':1}",
  'undefined',
  '',
  ' ',
  '\u0000',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  DEEP_ARRAY,
  DEEP_OBJECT,
  `"${ONE_MIB}"`,
  `{"a":"${ONE_MIB}${ONE_MIB}"}`,
  '[1e999999]',
  '{"a":"\\ud800"}',
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/octet-stream',
  'image/png',
  'application/json, text/plain',
  ';;;',
];

function bodyArbitrary(op: FuzzOperation, known: KnownValues) {
  const json = 'application/json';
  const asJson = (payload: string) => ({ payload, contentType: json as string | null });
  const valid = op.body ? jsonBodyArbitrary(op.body, known) : fc.constant('{}');
  return fc.oneof(
    { weight: op.body ? 10 : 1, arbitrary: valid.map(asJson) },
    { weight: op.body ? 0 : 6, arbitrary: fc.constant({ payload: null, contentType: null }) },
    { weight: 2, arbitrary: brokenBody.map(asJson) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...CONTENT_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType: contentType as string | null })),
    },
    { weight: 1, arbitrary: valid.map((payload) => ({ payload, contentType: null })) },
  );
}

/**
 * Requests for one operation. The caller is usually the one the endpoint is for (weights), but
 * every caller is tried on every endpoint.
 */
export function requestArbitrary(
  op: FuzzOperation,
  known: KnownValues,
  callers: Callers,
  weights: Record<string, number>,
): fc.Arbitrary<FuzzRequest> {
  const caller = fc.oneof(
    ...Object.keys(callers).map((name) => ({
      weight: weights[name] ?? 1,
      arbitrary: fc.constant(name),
    })),
  );
  return fc
    .record({
      path: pathArbitrary(op, known),
      query: queryArbitrary(op, known),
      body: bodyArbitrary(op, known),
      caller,
    })
    .map(({ path, query, body, caller: name }) => {
      const headers: Record<string, string> = { ...callers[name] };
      if (body.contentType) headers['content-type'] = body.contentType;
      const request: FuzzRequest = {
        method: op.method,
        url: `${path}${query}`,
        caller: name,
        headers,
        ...(body.payload === null ? {} : { payload: body.payload }),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}
