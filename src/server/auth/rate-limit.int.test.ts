import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { emailOutbox } from '../db/schema';
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

    it('stops an address guessing at an account without locking the owner out', async () => {
      const owner = await createTestCustomer(unlimited);
      const attacker = '198.51.100.66';
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await signInFrom(attacker, owner.email)).statusCode);
      expect(statuses.every((s) => s === 401)).toBe(true);
      advance(60);
      expectWait(await signInFrom(attacker, owner.email.toUpperCase()), 14 * 60, '14 minutes');
      // Even the right password waits at the attacker's address...
      expect((await signInFrom(attacker, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
      // ...but the owner, anywhere else, signs in at once.
      expect((await signInFrom('198.51.100.200', owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it(
      'limits guesses at one account however many addresses they come from',
      async () => {
        const owner = await createTestCustomer(unlimited);
        const statuses: number[] = [];
        // Fifty guesses, ten from each of five addresses: every pair is at its limit.
        for (let i = 0; i < 50; i++) {
          statuses.push((await signInFrom(`198.51.102.${(i % 5) + 1}`, owner.email)).statusCode);
        }
        expect(statuses.every((s) => s === 401)).toBe(true);
        advance(4 * 60);
        expectWait(await signInFrom('198.51.102.99', owner.email), 11 * 60, '11 minutes');
        // At the ceiling a password waits from every address: checking it would give a crowd of
        // addresses an oracle. The emailed link is the way in (next test).
        expect((await signInFrom('198.51.102.100', owner.email, TEST_PASSWORD)).statusCode).toBe(
          429,
        );
      },
      SLOW,
    );

    it(
      'lets an emailed sign-in link work while the account is limited',
      async () => {
        const owner = await createTestCustomer(unlimited);
        for (let i = 0; i < 50; i++) await signInFrom(`198.51.103.${(i % 5) + 1}`, owner.email);
        expect((await signInFrom('198.51.103.50', owner.email, TEST_PASSWORD)).statusCode).toBe(
          429,
        );

        const asked = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/magic-link',
          headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '198.51.103.50' },
          payload: { email: owner.email, callbackURL: '/account', errorCallbackURL: '/login' },
        });
        expect(asked.statusCode).toBe(200);
        const [mail] = await database.db
          .select({ text: emailOutbox.textBody })
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, owner.email))
          .orderBy(desc(emailOutbox.id))
          .limit(1);
        const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing');
        expect(link.pathname).toBe('/api/auth/magic-link/verify');
        const opened = await app.inject({
          url: link.pathname + link.search,
          headers: { 'x-forwarded-for': '198.51.103.50' },
        });
        expect(opened.statusCode).toBe(302);
        expect(opened.headers.location).toMatch(/\/account$/);
        const cookie = opened.cookies.find((c) => c.name.endsWith('session_token') && c.value);
        expect(cookie).toBeDefined();
        const signedIn = {
          ...owner,
          headers: { ...owner.headers, cookie: `${cookie?.name}=${cookie?.value}` },
        };
        expect(await sessionUserId('198.51.103.50', signedIn)).toBe(owner.id);
      },
      SLOW,
    );

    it('never limits opening emailed links, however many an address opens', async () => {
      const statuses = new Set<number>();
      for (let i = 0; i < 120; i++) {
        const res = await app.inject({
          url: `/api/auth/magic-link/verify?token=not-a-real-token-${i}&callbackURL=/account&errorCallbackURL=/login`,
          headers: { 'x-forwarded-for': '198.51.104.1' },
        });
        statuses.add(res.statusCode);
      }
      expect([...statuses]).toEqual([302]);
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

    it('limits reset and email-link requests per address and account pair, under a ceiling', async () => {
      const customer = await createTestCustomer(unlimited);
      const ask = (url: string, ip: string) =>
        app.inject({
          method: 'POST',
          url,
          headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
          payload: { email: customer.email, redirectTo: '/authorisation/password-reset' },
        });
      for (const [url, net] of [
        ['/api/auth/request-password-reset', '192.0.2'],
        ['/api/auth/sign-in/magic-link', '192.51.100'],
      ] as const) {
        // Three from one address, then that address waits; the owner elsewhere does not.
        const fromOne = [];
        for (let i = 0; i < 4; i++) fromOne.push((await ask(url, `${net}.1`)).statusCode);
        expect(fromOne).toEqual([200, 200, 200, 429]);
        // Ten in all from any number of addresses, then everyone waits.
        const fromMany = [];
        for (let i = 0; i < 8; i++) fromMany.push((await ask(url, `${net}.${i + 10}`)).statusCode);
        expect(fromMany).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
      }
    });

    it('limits sign-ups naming one email the same whether or not it is registered', async () => {
      const owner = await createTestCustomer(unlimited);
      const signUp = (email: string, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
          payload: {
            email,
            password: TEST_PASSWORD,
            name: 'Someone',
            phoneNumber: '07700 900123',
            accountType: 'personal',
          },
        });
      const newcomer = `newcomer-limit-${Date.now()}@example.com`;
      for (const email of [owner.email, newcomer]) {
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push((await signUp(email, '192.0.2.150')).statusCode);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      }
      // The owner is told at most once per attempt that got through: five notices, no more.
      const notices = await database.db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, owner.email));
      expect(notices.filter((m) => /tried to create/.test(m.subject))).toHaveLength(5);
    });
  });
}
