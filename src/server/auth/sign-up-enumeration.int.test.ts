import { AsyncLocalStorage } from 'node:async_hooks';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, user } from '../db/schema';
import { DEFAULT_PASSWORD_HASHER, type PasswordHasher } from './auth';
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

// Sign-up, password reset and sign-in links must not tell a stranger whether an email is
// registered (decisions 0050 and 0065): not by the answer (status, every header, the exact bytes
// of the body) and not by the time it takes. Time is shown by the work done, never a stopwatch:
// the password hashes and the SQL statements each request runs, compared text for text in order.
// Statements are told apart from the background jobs' by the request's async context.

const headers = { origin: TEST_ORIGIN };

/**
 * Headers that differ between any two answers whatever they say: when it was sent. Everything
 * else, set-cookie included, must match.
 */
const PER_ANSWER_HEADERS = ['date'];

/** What a stranger sees of an answer. */
function visible(res: LightMyRequestResponse) {
  return {
    status: res.statusCode,
    headers: Object.fromEntries(
      Object.entries(res.headers).filter(([name]) => !PER_ANSWER_HEADERS.includes(name)),
    ),
    body: res.body,
  };
}

for (const kind of testDatabaseKinds('one')) {
  describe(`no account enumeration on ${kind}`, () => {
    const requestStatements = new AsyncLocalStorage<string[]>();
    let hashes = 0;
    let database: TestDatabase;
    let app: FastifyInstance;
    const countingHasher: PasswordHasher = {
      hash: (password) => {
        hashes += 1;
        return DEFAULT_PASSWORD_HASHER.hash(password);
      },
      verify: (input) => DEFAULT_PASSWORD_HASHER.verify(input),
    };

    beforeAll(async () => {
      database = await createTestDatabase(kind, {
        onQuery: (query) => requestStatements.getStore()?.push(query),
      });
      app = await buildTestApp(database, { passwordHasher: countingHasher });
      // Started here, the jobs' timers belong to no request's context.
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });
    beforeEach(() => {
      hashes = 0;
    });

    /** The answer to one request and the work it took: password hashes and SQL statements. */
    async function observe(send: () => Promise<LightMyRequestResponse>) {
      const statements: string[] = [];
      hashes = 0;
      // inject() starts only when awaited: awaited inside, so the request runs in the context.
      const res = await requestStatements.run(statements, async () => await send());
      return { answer: visible(res), work: { hashes, statements }, res };
    }

    const signUp = (email: string, password = 'Another-Strong-Phrase-42') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: {
          email,
          password,
          name: 'Someone Else',
          phoneNumber: '07700 900456',
          accountType: 'personal',
          callbackURL: '/account',
        },
      });

    const mailsTo = (email: string) =>
      database.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email))
        .orderBy(emailOutbox.id);

    const signIn = (email: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email, password },
      });

    let owner: TestCustomer;
    beforeAll(async () => {
      owner = await createTestCustomer(app, { name: 'Olive Owner' });
    });

    it('answers a sign-up with a registered email exactly like one with a new email', async () => {
      const fresh = await observe(() => signUp(`newcomer-${Date.now()}@example.com`));
      const taken = await observe(() => signUp(owner.email.toUpperCase()));
      expect(fresh.answer.status).toBe(200);
      expect(taken.answer).toEqual(fresh.answer);
      // Neither starts a session: a cookie on one answer only was how they differed.
      expect(fresh.res.headers['set-cookie']).toBeUndefined();
      expect(fresh.res.json()).toEqual({
        status: true,
        message: "We've sent an email to that address.",
      });
    });

    it('does the same work for a registered and a new email: one hash, the same statements', async () => {
      const fresh = await observe(() => signUp(`another-${Date.now()}@example.com`));
      const taken = await observe(() => signUp(owner.email));
      expect(fresh.work.hashes).toBe(1);
      expect(fresh.work.statements.length).toBeGreaterThan(0);
      expect(taken.work).toEqual(fresh.work);
    });

    it('lets the newcomer sign in with the password they chose, and their link signs them in', async () => {
      const email = `newcomer-link-${Date.now()}@example.com`;
      expect((await signUp(email, 'Newcomer-Chosen-Phrase-31')).statusCode).toBe(200);
      const signedIn = await signIn(email, 'Newcomer-Chosen-Phrase-31');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({
        user: { email, name: 'Someone Else', phoneNumber: '07700 900456', emailVerified: false },
      });

      const [mail] = await mailsTo(email);
      expect(mail?.subject).toBe('Confirm your email for Glow at Home');
      const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing');
      expect(link.pathname).toBe('/api/auth/verify-email');
      const opened = await app.inject({ url: link.pathname + link.search });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe('/account');
      const cookie = opened.cookies.find((c) => c.name.endsWith('session_token') && c.value);
      const me = await app.inject({
        url: '/api/me',
        headers: { cookie: `${cookie?.name}=${cookie?.value}` },
      });
      expect(me.json()).toMatchObject({ email, emailVerified: true });
    });

    it('changes nothing for the owner and tells them by email', async () => {
      const before = await mailsTo(owner.email);
      await signUp(owner.email, 'Attacker-Chosen-Phrase-77');
      const rows = await database.db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(eq(user.email, owner.email));
      expect(rows).toEqual([{ id: owner.id, name: 'Olive Owner' }]);
      // The owner's password and session are untouched; the stranger's password opens nothing.
      expect((await app.inject({ url: '/api/me', headers: owner.headers })).statusCode).toBe(200);
      expect((await signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(owner.email, 'Attacker-Chosen-Phrase-77')).statusCode).toBe(401);
      const notices = (await mailsTo(owner.email)).slice(before.length);
      expect(notices.map((m) => m.subject)).toEqual([
        'Someone tried to create a Glow at Home account with your email',
      ]);
      expect(notices[0]?.text).toContain('Hello Olive Owner');
      expect(notices[0]?.text).toContain('http://localhost:3000/login');
    });

    it('refuses bad input the same way for registered and new emails', async () => {
      const weakFresh = await observe(() =>
        signUp(`weak-${Date.now()}@example.com`, 'password1234'),
      );
      const weakTaken = await observe(() => signUp(owner.email, 'password1234'));
      expect(weakFresh.answer.status).toBe(400);
      expect(weakTaken.answer).toEqual(weakFresh.answer);
      expect({ fresh: weakFresh.work.hashes, taken: weakTaken.work.hashes }).toEqual({
        fresh: 0,
        taken: 0,
      });
    });

    it('still refuses a sign-up or a link request posted from another site', async () => {
      for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/magic-link']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: {
            origin: 'https://evil.example',
            'sec-fetch-site': 'cross-site',
            'sec-fetch-mode': 'cors',
          },
          payload: {
            email: `cross-site-${Date.now()}@example.com`,
            password: 'Another-Strong-Phrase-42',
            name: 'Someone Else',
            phoneNumber: '07700 900456',
            accountType: 'personal',
          },
        });
        expect(res.statusCode, url).toBe(403);
      }
    });

    const resetFor = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers,
        payload: { email, redirectTo: '/authorisation/password-reset' },
      });
    const linkFor = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/magic-link',
        headers,
        payload: { email, callbackURL: '/account', errorCallbackURL: '/login' },
      });

    it('answers a password reset the same, with the same work, for registered and unknown emails', async () => {
      const known = await observe(() => resetFor(owner.email));
      const unknown = await observe(() => resetFor(`nobody-${Date.now()}@example.com`));
      expect(known.answer.status).toBe(200);
      expect(unknown.answer).toEqual(known.answer);
      expect(known.work.hashes).toBe(0);
      expect(known.work.statements.length).toBeGreaterThan(0);
      expect(unknown.work).toEqual(known.work);
      const [mail] = await database.db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, owner.email))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      expect(mail?.subject).toBe('Reset your Glow at Home password');
    });

    it('answers a sign-in link request the same, with the same work, for customers and strangers', async () => {
      const known = await observe(() => linkFor(owner.email));
      const unknown = await observe(() => linkFor(`stranger-${Date.now()}@example.com`));
      expect(known.answer.status).toBe(200);
      expect(unknown.answer).toEqual(known.answer);
      expect(unknown.work).toEqual(known.work);
      const [mail] = await database.db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, owner.email))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      expect(mail?.subject).toBe('Your Glow at Home sign-in link');
    });
  });
}
