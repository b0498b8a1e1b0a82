import { eq } from 'drizzle-orm';
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

// Sign-up and password reset must not tell a stranger whether an email is registered (decision
// 0050). Timing is shown by the work done, never by a stopwatch: both sign-up paths hash the
// password exactly once, the step that dominates a sign-up's time.

const headers = { origin: TEST_ORIGIN };

/** The shape of a JSON value: keys and the type of every value, without the values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

for (const kind of testDatabaseKinds()) {
  describe(`no account enumeration on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let hashes = 0;
    const countingHasher: PasswordHasher = {
      hash: (password) => {
        hashes += 1;
        return DEFAULT_PASSWORD_HASHER.hash(password);
      },
      verify: (input) => DEFAULT_PASSWORD_HASHER.verify(input),
    };

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, { passwordHasher: countingHasher });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });
    beforeEach(() => {
      hashes = 0;
    });

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
        },
      });

    const mailsTo = (email: string) =>
      database.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email));

    const visible = (res: LightMyRequestResponse) => ({
      status: res.statusCode,
      contentType: res.headers['content-type'],
      shape: shapeOf(res.json()),
    });

    let owner: TestCustomer;
    beforeAll(async () => {
      owner = await createTestCustomer(app, { name: 'Olive Owner' });
    });

    it('answers a sign-up with a registered email exactly like one with a new email', async () => {
      const fresh = await signUp(`newcomer-${Date.now()}@example.com`);
      const taken = await signUp(owner.email.toUpperCase());
      expect(fresh.statusCode).toBe(200);
      expect(visible(taken)).toEqual(visible(fresh));
      // No session token in either body: the newcomer's session travels only in its cookie.
      expect(fresh.json()).toMatchObject({ token: null });
      expect(taken.json()).toMatchObject({ token: null, user: { email: owner.email } });
      expect(taken.json<{ user: { id: string } }>().user.id).not.toBe(owner.id);
    });

    it('hashes the password once whether or not the email is registered', async () => {
      await signUp(`another-${Date.now()}@example.com`);
      const forNewEmail = hashes;
      hashes = 0;
      await signUp(owner.email);
      expect({ forNewEmail, forTakenEmail: hashes }).toEqual({ forNewEmail: 1, forTakenEmail: 1 });
    });

    it('changes nothing for the owner and tells them by email', async () => {
      const before = await mailsTo(owner.email);
      await signUp(owner.email, 'Attacker-Chosen-Phrase-77');
      const rows = await database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, owner.email));
      expect(rows).toEqual([{ id: owner.id }]);
      // The owner's password and session are untouched.
      const me = await app.inject({ url: '/api/me', headers: owner.headers });
      expect(me.statusCode).toBe(200);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email: owner.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      const after = await mailsTo(owner.email);
      const notices = after.slice(before.length);
      expect(notices.map((m) => m.subject)).toEqual([
        'Someone tried to create a Glow at Home account with your email',
      ]);
      expect(notices[0]?.text).toContain('Hello Olive Owner');
      expect(notices[0]?.text).toContain('http://localhost:3000/login');
    });

    it('refuses bad input the same way for registered and new emails', async () => {
      const weakFresh = await signUp(`weak-${Date.now()}@example.com`, 'password1234');
      const weakTaken = await signUp(owner.email, 'password1234');
      expect(weakFresh.statusCode).toBe(400);
      expect(weakTaken.json()).toEqual(weakFresh.json());
      expect(hashes).toBe(0);
    });

    it('answers a password reset the same for registered and unknown emails', async () => {
      const ask = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers,
          payload: { email, redirectTo: '/authorisation/password-reset' },
        });
      const known = await ask(owner.email);
      const unknown = await ask('nobody-at-all@example.com');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      expect(unknown.json()).toEqual(known.json());
      // Neither hashes anything; the reset mail is only queued, the worker sends it later.
      expect(hashes).toBe(0);
    });
  });
}
