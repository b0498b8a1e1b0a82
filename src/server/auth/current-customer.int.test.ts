import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import { importCatalogue } from '../catalogue/import-catalogue';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

// The availability rules see a signed-in customer's account type and gender through the session.

const NOW = new Date('2026-11-23T08:00:00Z');
const window = [{ start: '2026-11-24T09:00:00Z', end: '2026-11-24T12:00:00Z' }];
const base = {
  active: true,
  paymentsConnected: true,
  area: 'sessiontown',
  serviceIds: ['facial'],
  availability: window,
};

for (const kind of testDatabaseKinds('one')) {
  describe(`signed-in customer on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const imported = await importCatalogue(database.db, {
        cities: [{ slug: 'sessiontown', name: 'Session Town' }],
        treatments: [
          {
            id: 'facial',
            name: 'Facial',
            category: 'Facials',
            pricePence: 4800,
            durationMinutes: 45,
          },
        ],
        therapists: [
          { ...base, id: 't-open', username: 'open', name: 'Open', genders: ['female', 'male'] },
          {
            ...base,
            id: 't-biz',
            username: 'biz',
            name: 'Biz',
            business: true,
            genders: ['female'],
          },
        ],
      });
      expect(imported.ok).toBe(true);
      app = await buildTestApp(database, {
        env: { AVAILABILITY_CACHE_SECONDS: '0' },
        now: () => NOW,
      });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    async function signUp(email: string, extra: Record<string, string>) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://localhost:3000' },
        payload: {
          email,
          password: 'Correct-Horse-Battery-9',
          name: 'Test Customer',
          phoneNumber: '07700 900123',
          accountType: 'personal',
          ...extra,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Sign-up starts no session (decision 0065): the newcomer signs in next.
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'http://localhost:3000' },
        payload: { email, password: 'Correct-Horse-Battery-9' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'));
      expect(cookie).toBeDefined();
      return `${cookie?.name}=${cookie?.value}`;
    }

    const visibleTo = async (cookie?: string) => {
      const res = await app.inject({
        url: '/api/cities/sessiontown/therapists?date=2026-11-24&treatments=facial',
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ therapists: { id: string }[] }>()
        .therapists.map((t) => t.id)
        .sort();
    };

    it('shows everyone to a visitor who is signed out', async () => {
      expect(await visibleTo()).toEqual(['t-biz', 't-open']);
    });

    it('shows a business account only business-enabled therapists', async () => {
      const cookie = await signUp(`biz-${kind}@example.com`, { accountType: 'business' });
      expect(await visibleTo(cookie)).toEqual(['t-biz']);
    });

    it('shows a customer only therapists who accept their gender', async () => {
      const cookie = await signUp(`male-${kind}@example.com`, { gender: 'male' });
      expect(await visibleTo(cookie)).toEqual(['t-open']);
    });

    // The instance keeps a session it has read for a few seconds (decision 0046); what changes it
    // on this instance is seen by the very next request.
    it('sees a profile change at once, though the session was just read', async () => {
      const cookie = await signUp(`changes-${kind}@example.com`, { gender: 'male' });
      expect(await visibleTo(cookie)).toEqual(['t-open']);
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: { name: 'Test Customer', phoneNumber: '07700 900123', gender: 'female' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await visibleTo(cookie)).toEqual(['t-biz', 't-open']);
    });

    it('treats a signed-out session as signed out at once, though it was just read', async () => {
      const cookie = await signUp(`leaves-${kind}@example.com`, {});
      const me = () => app.inject({ url: '/api/me', headers: { cookie } });
      expect((await me()).statusCode).toBe(200);
      const out = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: {},
      });
      expect(out.statusCode, out.body).toBe(200);
      expect((await me()).statusCode).toBe(401);
    });
  });
}
