import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireResponseSchemas } from './openapi';

// The OpenAPI test reads the document, which leaves out hidden routes: this guard covers every
// /api route as it is registered, hidden or not.

function app() {
  const instance = Fastify().withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  requireResponseSchemas(instance);
  return instance;
}

describe('requireResponseSchemas', () => {
  it('refuses an /api route without a success response schema, hidden or not', () => {
    expect(() => app().get('/api/things', async () => ({ ok: true }))).toThrow(
      /GET \/api\/things has no response schema/,
    );
    expect(() =>
      app().post('/api/hidden', { schema: { hide: true } }, async () => ({ ok: true })),
    ).toThrow(/POST \/api\/hidden/);
    expect(() =>
      app().get(
        '/api/errors-only',
        { schema: { response: { 404: z.object({ title: z.string() }) } } },
        async () => ({ title: 'x' }),
      ),
    ).toThrow(/errors-only/);
  });

  it('accepts described routes, the listed exceptions and routes outside /api', async () => {
    const instance = app();
    instance.get(
      '/api/things',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async () => ({ ok: true }),
    );
    instance.delete(
      '/api/things/:id',
      { schema: { response: { 204: z.null() } } },
      async () => null,
    );
    instance.get('/api/docs', { schema: { hide: true } }, async () => ({}));
    instance.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler: async () => ({}) });
    instance.get('/account', async () => 'page');
    await instance.ready();
    await instance.close();
  });
});
