import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../test-support/production-env';
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

// The session cookie's name and attributes in production, the refusal of cross-site writes that
// carry it (CSRF), and a password change ending every other session whatever the client asks.

const NEW_PASSWORD = 'Another-Long-Passphrase-42';
const EVIL = 'https://evil.example';

function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '');
}

const ADDRESS = { line1: '1 Test Street', town: 'Test City', postcode: 'EH1 1AA' };

for (const kind of testDatabaseKinds('one')) {
  describe(`sessions and cross-site requests on ${kind}`, () => {
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

    it('makes production cookies Secure, HttpOnly and SameSite, the session one __Secure-', async () => {
      const production = await buildTestApp(database, {
        env: {
          ...PRODUCTION_ENV,
          DATABASE_URL: 'postgres://unused.invalid/booking',
          AUTH_RATE_LIMIT: 'true',
        },
      });
      try {
        const signUp = await production.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: PRODUCTION_ENV.PUBLIC_URL },
          payload: {
            email: 'secure-cookie@example.com',
            password: TEST_PASSWORD,
            name: 'Secure Cookie',
            phoneNumber: '07700 900123',
            accountType: 'personal',
          },
        });
        expect(signUp.statusCode, signUp.body).toBe(200);
        // Sign-up starts no session (decision 0065); signing in does.
        const res = await production.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: PRODUCTION_ENV.PUBLIC_URL },
          payload: { email: 'secure-cookie@example.com', password: TEST_PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(200);
        const cookie = sessionCookieOf(res);
        expect(cookie).toMatchObject({
          name: '__Secure-better-auth.session_token',
          secure: true,
          httpOnly: true,
          sameSite: 'Lax',
          path: '/',
        });
        // No Domain: the cookie goes back to this host only, never to a sibling subdomain.
        expect(cookie?.domain).toBeUndefined();
        // The known-device cookie (decision 0065) likewise, and only the sign-in routes see it.
        expect(res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)).toMatchObject({
          secure: true,
          httpOnly: true,
          sameSite: 'Lax',
          path: '/api/auth',
          maxAge: 365 * 24 * 60 * 60,
        });
        expect(res.headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
      } finally {
        await production.close();
      }
      const development = await createTestCustomer(app);
      expect(development.headers.cookie).toMatch(/^better-auth\.session_token=/);
    });

    it('refuses a cross-site write that carries the session cookie', async () => {
      const customer = await createTestCustomer(app);
      const post = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/me/addresses', headers, payload: ADDRESS });
      const crossSite: Record<string, string>[] = [
        { cookie: customer.headers.cookie, origin: EVIL },
        { cookie: customer.headers.cookie, referer: `${EVIL}/page` },
        { cookie: customer.headers.cookie, origin: 'null' },
        { cookie: customer.headers.cookie },
      ];
      for (const headers of crossSite) {
        const res = await post(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({
          type: '/problems/cross-site-request',
          status: 403,
          code: 'cross_site_request',
        });
      }
      expect(
        (await app.inject({ url: '/api/me/addresses', headers: customer.headers })).json(),
      ).toMatchObject({ addresses: [] });
      // The same request from our own page goes through.
      expect((await post(customer.headers)).statusCode).toBe(201);
      // better-auth guards its own routes: a cross-site sign-out does not end the session.
      const signOut = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: customer.headers.cookie, origin: EVIL },
      });
      expect(signOut.statusCode).toBe(403);
      expect(signOut.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await app.inject({ url: '/api/me', headers: customer.headers })).statusCode).toBe(
        200,
      );
    });

    it('ends every other session on a password change, though the client asked it not to', async () => {
      const customer = await createTestCustomer(app);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: customer.email, password: TEST_PASSWORD },
      });
      const other = sessionCookieOf(signIn);
      if (!other) throw new Error('sign-in set no session cookie');
      const otherSession: TestCustomer['headers'] = {
        cookie: `${other.name}=${other.value}`,
        origin: TEST_ORIGIN,
      };
      expect((await app.inject({ url: '/api/me', headers: otherSession })).statusCode).toBe(200);

      const changed = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: customer.headers,
        payload: {
          currentPassword: TEST_PASSWORD,
          newPassword: NEW_PASSWORD,
          revokeOtherSessions: false,
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await app.inject({ url: '/api/me', headers: otherSession })).statusCode).toBe(401);
      // The device that changed it stays signed in, on the session it was handed.
      const kept = sessionCookieOf(changed);
      const keptCookie = kept ? `${kept.name}=${kept.value}` : customer.headers.cookie;
      const me = await app.inject({
        url: '/api/me',
        headers: { ...customer.headers, cookie: keptCookie },
      });
      expect(me.statusCode).toBe(200);
    });
  });
}
