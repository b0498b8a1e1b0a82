import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

for (const kind of testDatabaseKinds('one')) {
  describe(`system routes on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database);
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    it('reports the database kind and that every migration is applied', async () => {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.database.kind).toBe(kind);
      expect(body.database.migrations.upToDate).toBe(true);
      expect(body.database.migrations.applied).toBeGreaterThanOrEqual(3);
    });

    it('answers the liveness probe without the database', async () => {
      const res = await app.inject('/api/health/live');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('serves the OpenAPI document', async () => {
      const res = await app.inject('/api/docs');
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/health',
          '/api/cities',
          '/api/cities/{city}/treatments',
          '/api/cities/{city}/dates',
          '/api/cities/{city}/therapists',
        ]),
      );
    });

    it('answers unknown API routes with a 404 problem', async () => {
      const res = await app.inject('/api/nothing-here');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    });

    it('answers a malformed JSON body with a 400 problem, never a 500', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/internal/catalogue',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer test-internal-token-0123456789abcdef',
        },
        payload: '{"cities": [',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });

    it('sets security headers on every response', async () => {
      const res = await app.inject('/api/cities');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });
  });
}
