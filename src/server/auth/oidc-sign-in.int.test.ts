import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRoles } from '../account/set-user-roles';
import { buildTestApp } from '../../test-support/test-app';
import { CookieBrowser, type Hop } from '../../test-support/cookie-browser';
import { TEST_PASSWORD } from '../../test-support/test-customer';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../test-support/test-oidc-provider';

// The whole authorisation-code flow against a real OpenID provider: our app listens on a real
// port because the provider sends the browser back to it.

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

for (const kind of testDatabaseKinds('one')) {
  describe(`OpenID sign-in on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let idp: TestOidcProvider;
    let base: string;

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      idp = await startTestOidcProvider([`${base}/api/auth/callback/oidc`]);
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, {
        env: {
          PUBLIC_URL: base,
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          OIDC_NAME: 'Company SSO',
        },
      });
      await app.listen({ port, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await app.close();
      await idp.close();
      await database.destroy();
    });

    /** Starts at the app, logs in at the provider as `login`, and stops back at the app. */
    async function throughProvider(
      browser: CookieBrowser,
      start: string,
      login: string,
    ): Promise<Hop> {
      const atApp = (url: string) => url.startsWith(base);
      let hop = await browser.follow(start, atApp);
      for (let step = 0; step < 6; step++) {
        if (hop.location && atApp(hop.location)) return browser.request(hop.location);
        const uid = /\/interaction\/([^/?#]+)/.exec(hop.url)?.[1];
        if (!uid || hop.status !== 200) {
          throw new Error(`unexpected page ${hop.url} ${hop.status}: ${hop.body.slice(0, 300)}`);
        }
        const form: Record<string, string> = hop.body.includes('name="login"')
          ? { prompt: 'login', login, password: 'any' }
          : { prompt: 'consent' };
        const submitted = await browser.request(`${idp.issuer}/interaction/${uid}`, { form });
        if (!submitted.location) throw new Error(`interaction did not redirect: ${submitted.body}`);
        hop = atApp(submitted.location)
          ? submitted
          : await browser.follow(submitted.location, atApp);
      }
      throw new Error('the provider asked for too many steps');
    }

    async function startSignIn(browser: CookieBrowser) {
      const res = await browser.request(`${base}/api/auth/sign-in/social`, {
        json: { provider: 'oidc', callbackURL: '/account', errorCallbackURL: '/login' },
        origin: base,
      });
      expect(res.status, res.body).toBe(200);
      return (JSON.parse(res.body) as { url: string }).url;
    }

    it('offers the provider by name', async () => {
      const res = await app.inject({ url: '/api/auth-providers' });
      expect(res.json()).toEqual({ social: [], oidc: { id: 'oidc', name: 'Company SSO' } });
    });

    it('never creates an account: someone unknown is sent back to /login?error=signup_disabled', async () => {
      const browser = new CookieBrowser();
      const back = await throughProvider(browser, await startSignIn(browser), 'stranger');
      expect(back.status).toBe(302);
      expect(back.location).toBe(`${base}/login?error=signup_disabled`);
      const me = await browser.request(`${base}/api/me`);
      expect(me.status).toBe(401);
    });

    it('signs in a customer who linked the provider from their account, and unlinks', async () => {
      const browser = new CookieBrowser();
      const email = `linker-${kind}@example.com`;
      const signUp = await browser.request(`${base}/api/auth/sign-up/email`, {
        json: {
          email,
          password: TEST_PASSWORD,
          name: 'Linker',
          phoneNumber: '07700 900123',
          accountType: 'personal',
        },
        origin: base,
      });
      expect(signUp.status, signUp.body).toBe(200);
      // Sign-up starts no session (decision 0065): the newcomer signs in next.
      const signIn = await browser.request(`${base}/api/auth/sign-in/email`, {
        json: { email, password: TEST_PASSWORD },
        origin: base,
      });
      expect(signIn.status, signIn.body).toBe(200);

      const link = await browser.request(`${base}/api/auth/link-social`, {
        json: { provider: 'oidc', callbackURL: '/account' },
        origin: base,
      });
      expect(link.status, link.body).toBe(200);
      const linked = await throughProvider(
        browser,
        (JSON.parse(link.body) as { url: string }).url,
        `sub-${kind}`,
      );
      expect(linked.location).toBe(`${base}/account`);
      const accounts = await browser.request(`${base}/api/auth/list-accounts`);
      expect(
        (JSON.parse(accounts.body) as { providerId: string }[]).map((a) => a.providerId).sort(),
      ).toEqual(['credential', 'oidc']);

      // Signed out, the provider alone gets them in.
      await browser.request(`${base}/api/auth/sign-out`, { json: {}, origin: base });
      expect((await browser.request(`${base}/api/me`)).status).toBe(401);
      const fresh = new CookieBrowser();
      const back = await throughProvider(fresh, await startSignIn(fresh), `sub-${kind}`);
      expect(back.location).toBe(`${base}/account`);
      const me = await fresh.request(`${base}/api/me`);
      expect(JSON.parse(me.body)).toMatchObject({ email });

      // A therapist flag stops the provider route too, with the same refusal.
      await setUserRoles(database.db, email, { therapist: true });
      const refused = new CookieBrowser();
      const refusedBack = await throughProvider(refused, await startSignIn(refused), `sub-${kind}`);
      expect(refusedBack.location).toMatch(/\/login\?error=ANOTHER_SERVICE/);
      expect((await refused.request(`${base}/api/me`)).status).toBe(401);
      await setUserRoles(database.db, email, { therapist: false });

      const signedIn = new CookieBrowser();
      await throughProvider(signedIn, await startSignIn(signedIn), `sub-${kind}`);
      const listed = await signedIn.request(`${base}/api/auth/list-accounts`);
      const oidcAccount = (JSON.parse(listed.body) as { providerId: string; id: string }[]).find(
        (a) => a.providerId === 'oidc',
      );
      const unlink = await signedIn.request(`${base}/api/auth/unlink-account`, {
        json: { accountId: oidcAccount?.id },
        origin: base,
      });
      expect(unlink.status, unlink.body).toBe(200);
      const again = new CookieBrowser();
      const afterUnlink = await throughProvider(again, await startSignIn(again), `sub-${kind}`);
      // Unlinked and with no implicit linking, the provider identity no longer opens the account.
      expect(afterUnlink.location).not.toBe(`${base}/account`);
    });
  });
}
