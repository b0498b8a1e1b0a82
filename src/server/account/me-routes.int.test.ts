import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/import-catalogue';
import { account, businessPayment, user, WALLET_KINDS, walletEntry } from '../db/schema';
import { deletedEmail } from '../db/deleted-account';
import { MAX_ADDRESSES } from './addresses';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestCustomer,
  TEST_PASSWORD,
  type TestCustomer,
} from '../../test-support/test-customer';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

const home = { label: 'Home', line1: '1 Rose Street', town: 'Edinburgh', postcode: 'eh2 2pr' };
const work = { line1: '20 Grey Street', line2: 'Floor 3', town: 'Newcastle', postcode: 'NE1 6AE' };

for (const kind of testDatabaseKinds('one')) {
  describe(`/api/me on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let ann: TestCustomer;
    let bob: TestCustomer;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database);
      ann = await createTestCustomer(app, { name: 'Ann', gender: 'female' });
      bob = await createTestCustomer(app, { name: 'Bob', accountType: 'business' });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    const call = (
      who: TestCustomer | null,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      app.inject({
        method,
        url,
        headers: who ? who.headers : {},
        ...(payload ? { payload } : {}),
      });

    it('shows the profile, with the account type and a business payment arrangement', async () => {
      const res = await call(ann, 'GET', '/api/me');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: ann.id,
        name: 'Ann',
        email: ann.email,
        phoneNumber: '07700 900123',
        gender: 'female',
        accountType: 'personal',
        businessPayment: null,
        walletBalancePence: 0,
      });
      await database.db.insert(businessPayment).values({ userId: bob.id, arrangement: 'invoice' });
      expect((await call(bob, 'GET', '/api/me')).json()).toMatchObject({
        accountType: 'business',
        businessPayment: { arrangement: 'invoice' },
      });
    });

    it('answers 401 problem+json when signed out', async () => {
      for (const url of ['/api/me', '/api/me/addresses', '/api/me/wallet']) {
        const res = await call(null, 'GET', url);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
      // Signed out with a bad body: told to sign in, not about the form.
      expect((await call(null, 'POST', '/api/me/addresses', { line1: '' })).statusCode).toBe(401);
      expect((await call(null, 'PATCH', '/api/me', { name: 42 })).statusCode).toBe(401);
    });

    it('changes name, phone and gender with field errors for bad values', async () => {
      const bad = await call(ann, 'PATCH', '/api/me', {
        name: '',
        phoneNumber: '123',
        gender: 'x',
      });
      expect(bad.statusCode).toBe(400);
      const fields = bad.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
      expect(fields).toEqual(
        expect.arrayContaining(['body.name', 'body.phoneNumber', 'body.gender']),
      );
      const ok = await call(ann, 'PATCH', '/api/me', {
        name: 'Ann Smith',
        phoneNumber: '0131 496 0000',
        gender: null,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        name: 'Ann Smith',
        phoneNumber: '0131 496 0000',
        gender: null,
      });
    });

    it('keeps the account type fixed: better-auth’s update-user route is closed', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: ann.headers,
        payload: { accountType: 'business' },
      });
      expect(res.statusCode).toBe(404);
      expect((await call(ann, 'GET', '/api/me')).json()).toMatchObject({ accountType: 'personal' });
    });

    it('adds, edits, defaults and deletes addresses', async () => {
      const invalid = await call(ann, 'POST', '/api/me/addresses', {
        line1: '',
        town: '',
        postcode: 'nope',
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<{ errors: { field: string; message: string }[] }>().errors).toEqual(
        expect.arrayContaining([
          { field: 'body.line1', message: 'Enter the first line of the address' },
          { field: 'body.town', message: 'Enter the town or city' },
          { field: 'body.postcode', message: 'Enter a UK postcode, like EH1 1AA' },
        ]),
      );

      const first = await call(ann, 'POST', '/api/me/addresses', home);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ postcode: 'EH2 2PR', isDefault: true });
      const second = await call(ann, 'POST', '/api/me/addresses', work);
      expect(second.json()).toMatchObject({ isDefault: false, line2: 'Floor 3' });
      const secondId = second.json<{ id: string }>().id;

      const made = await call(ann, 'POST', `/api/me/addresses/${secondId}/default`);
      expect(made.json()).toMatchObject({ isDefault: true });
      const list = (await call(ann, 'GET', '/api/me/addresses')).json<{
        addresses: { id: string; isDefault: boolean }[];
      }>().addresses;
      expect(list.map((a) => a.isDefault)).toEqual([true, false]);
      expect(list[0]?.id).toBe(secondId);

      const edited = await call(ann, 'PATCH', `/api/me/addresses/${secondId}`, {
        ...work,
        instructions: 'Ring twice',
      });
      expect(edited.json()).toMatchObject({ instructions: 'Ring twice', isDefault: true });

      expect((await call(ann, 'DELETE', `/api/me/addresses/${secondId}`)).statusCode).toBe(204);
      const left = (await call(ann, 'GET', '/api/me/addresses')).json<{
        addresses: { isDefault: boolean }[];
      }>().addresses;
      expect(left).toHaveLength(1);
      expect(left[0]?.isDefault).toBe(true);
    });

    it('never shows or changes another customer’s addresses', async () => {
      const mine = (await call(ann, 'POST', '/api/me/addresses', work)).json<{ id: string }>().id;
      for (const [method, url, body] of [
        ['GET', `/api/me/addresses/${mine}`, undefined],
        ['PATCH', `/api/me/addresses/${mine}`, home],
        ['POST', `/api/me/addresses/${mine}/default`, undefined],
        ['DELETE', `/api/me/addresses/${mine}`, undefined],
      ] as const) {
        expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      }
      const bobs = (await call(bob, 'GET', '/api/me/addresses')).json<{ addresses: unknown[] }>();
      expect(bobs.addresses).toEqual([]);
      expect((await call(ann, 'GET', `/api/me/addresses/${mine}`)).statusCode).toBe(200);
    });

    it('sums the wallet ledger for its owner only', async () => {
      await database.db.insert(walletEntry).values([
        {
          userId: ann.id,
          kind: WALLET_KINDS.referral,
          amountPence: 1000,
          description: 'Referral credit',
          idempotencyKey: `w1-${ann.id}`,
        },
        {
          userId: ann.id,
          kind: WALLET_KINDS.spent,
          amountPence: -300,
          description: 'Used on a booking',
          idempotencyKey: `w2-${ann.id}`,
        },
      ]);
      const wallet = (await call(ann, 'GET', '/api/me/wallet')).json<{
        balancePence: number;
        entries: unknown[];
      }>();
      expect(wallet.balancePence).toBe(700);
      expect(wallet.entries).toHaveLength(2);
      expect((await call(ann, 'GET', '/api/me')).json()).toMatchObject({ walletBalancePence: 700 });
      expect((await call(bob, 'GET', '/api/me/wallet')).json()).toEqual({
        balancePence: 0,
        entries: [],
      });
    });

    it('refuses cookie-carrying writes from another site', async () => {
      const noOrigin = await app.inject({
        method: 'POST',
        url: '/api/me/addresses',
        headers: { cookie: ann.headers.cookie },
        payload: home,
      });
      expect(noOrigin.statusCode).toBe(403);
      const evil = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: ann.headers.cookie, origin: 'https://evil.example' },
        payload: { name: 'Pwned', phoneNumber: '07700 900123', gender: null },
      });
      expect(evil.statusCode).toBe(403);
      expect(evil.json()).toMatchObject({
        type: '/problems/cross-site-request',
        code: 'cross_site_request',
      });
      expect((await call(ann, 'GET', '/api/me')).json()).not.toMatchObject({ name: 'Pwned' });
    });

    it('caps saved addresses with a clear 409', async () => {
      const dan = await createTestCustomer(app, { name: 'Dan' });
      for (let i = 0; i < MAX_ADDRESSES; i++) {
        expect((await call(dan, 'POST', '/api/me/addresses', home)).statusCode).toBe(201);
      }
      const over = await call(dan, 'POST', '/api/me/addresses', home);
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: 'too_many_addresses',
        detail: expect.stringMatching(/up to 20 addresses/),
      });
    });

    it('takes a same-site Referer when a browser sends no Origin, and refuses a foreign one', async () => {
      const viaReferer = await app.inject({
        method: 'POST',
        url: '/api/me/addresses',
        headers: {
          cookie: ann.headers.cookie,
          referer: `${ann.headers.origin}/account/addresses/new`,
        },
        payload: home,
      });
      expect(viaReferer.statusCode).toBe(201);
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/me/addresses',
        headers: { cookie: ann.headers.cookie, referer: 'https://evil.example/page' },
        payload: home,
      });
      expect(foreign.statusCode).toBe(403);
    });

    it('answers "user record missing" when the session outlives the customer record', async () => {
      const eve = await createTestCustomer(app);
      await database.db
        .update(user)
        .set({ email: deletedEmail(eve.id) })
        .where(eq(user.id, eve.id));
      const res = await call(eve, 'GET', '/api/me');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        type: '/problems/user-record-missing',
        title: 'Login Error',
        detail: 'We were unable to log you in. Please check details and try again.',
      });
    });

    it('asks a customer without a password to type DELETE', async () => {
      const fay = await createTestCustomer(app);
      // As if they had only ever signed in with a linked provider.
      await database.db
        .delete(account)
        .where(and(eq(account.userId, fay.id), eq(account.providerId, 'credential')));
      const missing = await call(fay, 'DELETE', '/api/me', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('confirm');
      expect((await call(fay, 'DELETE', '/api/me', { confirm: 'DELETE' })).statusCode).toBe(204);
    });

    it('refuses to delete an account with an upcoming appointment', async () => {
      const gus = await createTestCustomer(app);
      const imported = await importCatalogue(database.db, {
        cities: [{ slug: 'deletetown', name: 'Delete Town' }],
        treatments: [
          {
            id: 'del-facial',
            name: 'Facial',
            category: 'Facials',
            pricePence: 4800,
            durationMinutes: 45,
          },
        ],
        therapists: [
          {
            id: 't-del',
            username: 'del',
            name: 'Del',
            active: true,
            paymentsConnected: true,
            area: 'deletetown',
            serviceIds: ['del-facial'],
          },
        ],
      });
      expect(imported.ok).toBe(true);
      const start = new Date(Date.now() + 3 * 24 * 3600_000);
      const end = new Date(start.getTime() + 60 * 60_000);
      await database.db.execute(sql`
        insert into booking (customer_id, therapist_id, city_slug, starts_at, during, status,
          total_price_pence, total_duration_minutes, amount_due_pence)
        values (${gus.id}, 't-del', 'deletetown', ${start.toISOString()}::timestamptz,
          tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz),
          'confirmed', 4800, 60, 4800)`);
      const res = await call(gus, 'DELETE', '/api/me', { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('upcoming_appointment');
      expect((await call(gus, 'GET', '/api/me')).statusCode).toBe(200);
    });

    it('deletes an account: password required, personal data gone, the row kept for the records', async () => {
      const carol = await createTestCustomer(app, { name: 'Carol' });
      await call(carol, 'POST', '/api/me/addresses', home);
      const wrong = await call(carol, 'DELETE', '/api/me', { password: 'not-my-password-at-all' });
      expect(wrong.statusCode).toBe(400);
      expect((await call(carol, 'DELETE', '/api/me', { password: TEST_PASSWORD })).statusCode).toBe(
        204,
      );

      expect((await call(carol, 'GET', '/api/me')).statusCode).toBe(401);
      const [row] = await database.db.select().from(user).where(eq(user.id, carol.id));
      expect(row).toMatchObject({ name: 'Deleted customer', phoneNumber: null });
      expect(row?.email).not.toBe(carol.email);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: carol.headers.origin },
        payload: { email: carol.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(401);
    });
  });
}
