import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_COMPANY_ENV } from '../../test-support/production-env';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

for (const kind of testDatabaseKinds('one')) {
  describe(`GET /api/company on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, {
        env: { ...PRODUCTION_COMPANY_ENV, COMPANY_WEBSITE: 'https://www.glow.example' },
      });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    it("answers the configured company's details, cacheable by anyone for a few minutes", async () => {
      const res = await app.inject('/api/company');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.json()).toEqual({
        name: 'Glow Example Ltd',
        registrationNumber: '01234567',
        registeredIn: 'England and Wales',
        registeredAddress: '2 Example Road, London, N1 9GU',
        email: 'care@glow.example',
        phone: '020 7946 0000',
        website: 'https://www.glow.example',
      });
    });
  });
}
