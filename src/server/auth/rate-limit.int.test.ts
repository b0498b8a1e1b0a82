import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app';
import { createTestCustomer, TEST_ORIGIN } from '../testing/test-customer';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-database';

// Limits are on in production by default; tests turn them off except here.

for (const kind of testDatabaseKinds()) {
  describe(`auth rate limits on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, { env: { AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'true' } });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    const signInFrom = (ip: string, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
        payload: { email, password: 'Definitely-Wrong-Guess-1' },
      });

    it('limits sign-in attempts per client address, read through the proxy', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await signInFrom('203.0.113.7', `someone-${i}@example.com`)).statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Another visitor behind the same proxy has a bucket of their own.
      expect((await signInFrom('203.0.113.8', 'someone@example.com')).statusCode).toBe(401);
    });

    it('limits attempts on one account however many addresses they come from', async () => {
      const customer = await createTestCustomer(app);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await signInFrom(`198.51.100.${i + 1}`, customer.email)).statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      const last = await signInFrom('198.51.100.99', customer.email.toUpperCase());
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits reset and email-link requests per account', async () => {
      const customer = await createTestCustomer(app);
      const ask = (url: string, i: number) =>
        app.inject({
          method: 'POST',
          url,
          headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `192.0.2.${i + 1}` },
          payload: { email: customer.email, redirectTo: '/authorisation/password-reset' },
        });
      const resets = [];
      for (let i = 0; i < 4; i++)
        resets.push((await ask('/api/auth/request-password-reset', i)).statusCode);
      expect(resets).toEqual([200, 200, 200, 429]);
      const links = [];
      for (let i = 0; i < 4; i++)
        links.push((await ask('/api/auth/sign-in/magic-link', i + 10)).statusCode);
      expect(links).toEqual([200, 200, 200, 429]);
    });
  });
}
