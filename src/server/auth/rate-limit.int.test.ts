import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestCustomer,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestCustomer,
} from '../../test-support/test-customer';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

// Limits are on in production by default; tests turn them off except here. Customers are made
// through a second app on the same database with limits off, so arranging a test spends no budget.

const WRONG_PASSWORD = 'Definitely-Wrong-Guess-1';
// Dozens of password hashes per test: room for a busy 2-core machine.
const SLOW = 120_000;

for (const kind of testDatabaseKinds()) {
  describe(`auth rate limits on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let unlimited: FastifyInstance;
    let clockMs = Date.now();
    const advance = (seconds: number) => {
      clockMs += seconds * 1000;
    };

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, {
        env: { AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'true' },
        now: () => new Date(clockMs),
      });
      unlimited = await buildTestApp(database);
    });
    afterAll(async () => {
      await app.close();
      await unlimited.close();
      await database.destroy();
    });

    const signInFrom = (ip: string, email: string, password = WRONG_PASSWORD) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
        payload: { email, password },
      });

    const sessionUserId = async (ip: string, customer: TestCustomer) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { ...customer.headers, 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ user: { id: string } } | null>()?.user.id;
    };

    const expectWait = (res: LightMyRequestResponse, seconds: number, words: string) => {
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Number(res.headers['retry-after'])).toBe(seconds);
      const message = `Too many attempts. Please wait ${words} and try again.`;
      expect(res.json()).toMatchObject({
        status: 429,
        detail: message,
        message,
        retryAfterSeconds: seconds,
      });
    };

    it(
      'never spends the sign-in budget on reading the session',
      async () => {
        const customer = await createTestCustomer(unlimited);
        const ip = '203.0.113.50';
        for (let i = 0; i < 500; i++) {
          expect(await sessionUserId(ip, customer)).toBe(customer.id);
        }
        expect((await signInFrom(ip, customer.email, TEST_PASSWORD)).statusCode).toBe(200);
        expect(await sessionUserId(ip, customer)).toBe(customer.id);
      },
      SLOW,
    );

    it(
      'lets a whole office sign in from one address',
      async () => {
        const office: TestCustomer[] = [];
        for (let i = 0; i < 30; i++) office.push(await createTestCustomer(unlimited));
        const statuses: number[] = [];
        for (const colleague of office) {
          statuses.push(
            (await signInFrom('203.0.113.60', colleague.email, TEST_PASSWORD)).statusCode,
          );
        }
        expect(statuses.every((s) => s === 200)).toBe(true);
      },
      SLOW,
    );

    it(
      'still stops one address trying many accounts, and says for how long',
      async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 60; i++) {
          statuses.push((await signInFrom('203.0.113.7', `someone-${i}@example.com`)).statusCode);
        }
        expect(statuses.every((s) => s === 401)).toBe(true);
        advance(2 * 60);
        expectWait(
          await signInFrom('203.0.113.7', 'someone-else@example.com'),
          13 * 60,
          '13 minutes',
        );
        // Another visitor behind the same proxy has a bucket of their own.
        expect((await signInFrom('203.0.113.8', 'someone@example.com')).statusCode).toBe(401);
      },
      SLOW,
    );

    it('limits guesses at one account however many addresses they come from', async () => {
      const customer = await createTestCustomer(unlimited);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await signInFrom(`198.51.100.${i + 1}`, customer.email)).statusCode);
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
      advance(4 * 60);
      const last = await signInFrom('198.51.100.99', customer.email.toUpperCase());
      expectWait(last, 11 * 60, '11 minutes');
    });

    it('does not count correct passwords against the account', async () => {
      const customer = await createTestCustomer(unlimited);
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        statuses.push(
          (await signInFrom(`198.51.101.${i + 1}`, customer.email, TEST_PASSWORD)).statusCode,
        );
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
    });

    it(
      'tells a refused sign-up the real wait, close to an hour',
      async () => {
        const signUp = (i: number) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.200' },
            payload: {
              email: `newcomer-${i}@example.com`,
              password: TEST_PASSWORD,
              name: 'New Customer',
              phoneNumber: '07700 900123',
              accountType: 'personal',
            },
          });
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await signUp(i)).statusCode);
        expect(statuses.every((s) => s === 200)).toBe(true);
        advance(60);
        expectWait(await signUp(30), 59 * 60, '59 minutes');
      },
      SLOW,
    );

    it('limits reset and email-link requests per account', async () => {
      const customer = await createTestCustomer(unlimited);
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
