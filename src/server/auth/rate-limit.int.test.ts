import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { emailOutbox } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_OFFER } from '../../domain/email-link-offer';
import { KNOWN_DEVICE_COOKIE } from './known-device';
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

for (const kind of testDatabaseKinds('one')) {
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

    const signInFrom = (ip: string, email: string, password = WRONG_PASSWORD, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
        payload: { email, password },
      });

    /** The known-device cookie a successful sign-in leaves, as a Cookie header. */
    const deviceCookieOf = (res: LightMyRequestResponse) => {
      const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
      if (!cookie) throw new Error('no known-device cookie');
      return `${cookie.name}=${cookie.value}`;
    };

    /** Fifty wrong guesses at an account, ten from each of five addresses: its ceiling is full. */
    const crowdGuessesAt = async (email: string, net: string) => {
      const statuses = new Set<number>();
      for (let i = 0; i < 50; i++) {
        statuses.add((await signInFrom(`${net}.${(i % 5) + 1}`, email)).statusCode);
      }
      expect([...statuses]).toEqual([401]);
    };

    const sessionUserId = async (ip: string, customer: TestCustomer) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { ...customer.headers, 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ user: { id: string } } | null>()?.user.id;
    };

    /** A 429 that says how long to wait; a refused password sign-in also offers an emailed link. */
    const expectWait = (
      res: LightMyRequestResponse,
      seconds: number,
      words: string,
      offersLink = true,
    ) => {
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Number(res.headers['retry-after'])).toBe(seconds);
      const wait = `Too many attempts. Please wait ${words} and try again.`;
      const message = offersLink ? `${wait} ${EMAIL_LINK_OFFER}` : wait;
      expect(res.json()).toEqual({
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail: message,
        code: 'TOO_MANY_REQUESTS',
        message,
        retryAfterSeconds: seconds,
        ...(offersLink ? { emailLinkOffered: true } : {}),
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
        // Every pair is at its limit and the account's ceiling is full.
        await crowdGuessesAt(owner.email, '198.51.102');
        advance(4 * 60);
        expectWait(await signInFrom('198.51.102.99', owner.email), 11 * 60, '11 minutes');
        // From a device and network the account has never signed in from, a password waits at
        // the ceiling: checking it would give the crowd an oracle. The refusal offers the emailed
        // link, which is the way in (below).
        expectWait(
          await signInFrom('198.51.102.100', owner.email, TEST_PASSWORD),
          11 * 60,
          '11 minutes',
        );
      },
      SLOW,
    );

    it(
      "keeps the owner's own device and network signing in while a crowd fills the ceiling",
      async () => {
        const owner = await createTestCustomer(unlimited);
        const home = '198.51.105.10';
        const first = await signInFrom(home, owner.email, TEST_PASSWORD);
        expect(first.statusCode).toBe(200);
        await crowdGuessesAt(owner.email, '198.51.106');
        expect((await signInFrom('198.51.106.99', owner.email)).statusCode).toBe(429);

        // Another browser at home (no cookie) is on a network the account signed in from.
        expect((await signInFrom(home, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
        // Their phone, on a mobile network they have never used, carries the device cookie.
        const device = deviceCookieOf(first);
        const onThePhone = await signInFrom('203.0.113.77', owner.email, TEST_PASSWORD, device);
        expect(onThePhone.statusCode).toBe(200);
        // A new device on a new network waits, and is offered the emailed link.
        expect((await signInFrom('203.0.113.78', owner.email, TEST_PASSWORD)).statusCode).toBe(429);
        // The crowd gains nothing: still refused, with or without a cookie of its own making
        // (here the owner's with another device id).
        const [name = '', value = ''] = device.split('=');
        const forged = `${name}=${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`;
        expect(
          (await signInFrom('198.51.106.98', owner.email, TEST_PASSWORD, forged)).statusCode,
        ).toBe(429);
      },
      SLOW,
    );

    it(
      'counts a known device on its own, and only for the accounts signed in from it',
      async () => {
        const owner = await createTestCustomer(unlimited);
        const other = await createTestCustomer(unlimited);
        const device = deviceCookieOf(await signInFrom('198.51.107.1', owner.email, TEST_PASSWORD));
        await crowdGuessesAt(other.email, '198.51.108');
        // The owner's device opens no door at someone else's account.
        expect(
          (await signInFrom('198.51.107.2', other.email, TEST_PASSWORD, device)).statusCode,
        ).toBe(429);
        // Guessing from a known device is limited like guessing from one address.
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          statuses.push(
            (await signInFrom(`198.51.107.${i + 10}`, owner.email, WRONG_PASSWORD, device))
              .statusCode,
          );
        }
        expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
      },
      SLOW,
    );

    it(
      'lets an emailed sign-in link work while the account is limited',
      async () => {
        const owner = await createTestCustomer(unlimited);
        await crowdGuessesAt(owner.email, '198.51.103');
        const refused = await signInFrom('198.51.103.50', owner.email, TEST_PASSWORD);
        expect(refused.json()).toMatchObject({ status: 429, emailLinkOffered: true });

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
        expectWait(await signUp(30), 59 * 60, '59 minutes', false);
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
