import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROBLEM_CODES, problemResponses, problemSchema } from './problem';

// The problem codes are part of the contract: the schema knows each one, refuses any other, and
// the OpenAPI document lists them, so a client can rely on the list (decision 0072).

const CODES = Object.keys(PROBLEM_CODES);

/** The OpenAPI document of a one-route app that answers its errors as the real routes do. */
async function documentOf(): Promise<Record<string, unknown>> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } },
    transform: jsonSchemaTransform,
  });
  app.post(
    '/api/things',
    { schema: { response: { 200: z.object({ ok: z.boolean() }), ...problemResponses(409) } } },
    async () => ({ ok: true }),
  );
  await app.ready();
  const doc = app.swagger() as Record<string, unknown>;
  await app.close();
  return doc;
}

/** The first object anywhere under `value` whose `properties` has a `code` member. */
function codeProperty(value: unknown): { enum?: unknown; description?: unknown } | null {
  if (typeof value !== 'object' || value === null) return null;
  const properties = (value as { properties?: Record<string, unknown> }).properties;
  if (properties?.code && typeof properties.code === 'object') return properties.code;
  for (const child of Object.values(value)) {
    const found = codeProperty(child);
    if (found) return found;
  }
  return null;
}

describe('problem codes', () => {
  it('are snake_case names of our own, or the upper-case ones our auth answers use, each said once', () => {
    expect(CODES.length).toBeGreaterThanOrEqual(30);
    for (const code of CODES) expect(code).toMatch(/^([a-z]+(_[a-z]+)*|[A-Z]+(_[A-Z]+)*)$/);
  });

  it('each say the status they come with and when they are sent', () => {
    for (const [code, when] of Object.entries(PROBLEM_CODES))
      expect(when, code).toMatch(/^[45]\d\d: \S.*\.$/);
  });

  it('are the only codes a problem may carry, and a problem need not carry one', () => {
    const base = { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Taken.' };
    expect(problemSchema.safeParse(base).success).toBe(true);
    for (const code of CODES) expect(problemSchema.safeParse({ ...base, code }).success).toBe(true);
    expect(problemSchema.safeParse({ ...base, code: 'nope' }).success).toBe(false);
    // Other extension members are still kept.
    expect(problemSchema.parse({ ...base, code: 'slot_taken', slotReleased: true })).toEqual({
      ...base,
      code: 'slot_taken',
      slotReleased: true,
    });
  });

  it('are listed, with when each is sent, in the OpenAPI document of every problem answer', async () => {
    const doc = await documentOf();
    const paths = doc.paths as Record<string, { post: { responses: Record<string, unknown> } }>;
    const answer = paths['/api/things']?.post.responses['409'];
    const code = codeProperty(answer);
    expect(code?.enum).toEqual(CODES);
    for (const [name, when] of Object.entries(PROBLEM_CODES))
      expect(code?.description).toContain(`\`${name}\`: ${when}`);
  });
});
