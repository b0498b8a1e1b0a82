import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouritesAnswer } from '../../contract/favourites';
import {
  bookingCatalogue,
  bookingTherapist,
  getJson,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { TEST_ORIGIN, TEST_PASSWORD } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { therapist } from '../db/schema';
import { favourite } from '../db/schema-favourites';

// Favourite therapists (docs/decisions/0088): saving and removing are idempotent, only a therapist
// with a public page can be saved, the list shows what a profile card needs, and the rows go with
// the account.

for (const kind of testDatabaseKinds('every')) {
  describe(`favourites on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let bea: BookingCustomer;
    const db = () => env.database.db;
    const put = (c: BookingCustomer | null, id: string) =>
      env.app.inject({
        method: 'PUT',
        url: `/api/me/favourites/${id}`,
        headers: c?.headers ?? { origin: TEST_ORIGIN },
      });
    const del = (c: BookingCustomer | null, id: string) =>
      env.app.inject({
        method: 'DELETE',
        url: `/api/me/favourites/${id}`,
        headers: c?.headers ?? { origin: TEST_ORIGIN },
      });
    const list = async (c: BookingCustomer) => {
      const res = await getJson<FavouritesAnswer>(env.app, c, '/api/me/favourites');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<FavouritesAnswer>().favourites;
    };

    beforeAll(async () => {
      env = await setUpBookingTest(kind, {
        catalogue: bookingCatalogue([
          bookingTherapist('t-anna'),
          bookingTherapist('t-gone', { active: false }),
          bookingTherapist('t-dora'),
        ]),
      });
      ada = await newCustomer(env.app, db(), { name: 'Ada Lovelace' });
      bea = await newCustomer(env.app, db(), { name: 'Bea Smith' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('saves and removes idempotently, latest first, each customer their own', async () => {
      for (let n = 0; n < 2; n++) expect((await put(ada, 't-anna')).statusCode).toBe(204);
      expect((await put(ada, 't-dora')).statusCode).toBe(204);
      expect((await put(bea, 't-dora')).statusCode).toBe(204);

      // Latest first: saving Anna again did not make her newer.
      expect((await list(ada)).map((f) => f.id)).toEqual(['t-dora', 't-anna']);
      const anna = (await list(ada)).find((f) => f.id === 't-anna');
      expect(anna).toEqual({
        id: 't-anna',
        username: 'anna',
        name: 'Anna',
        photoUrl: expect.any(String) as string,
        area: 'testcity',
        areaName: 'Test City',
        savedAt: expect.any(String) as string,
      });

      for (let n = 0; n < 2; n++) expect((await del(ada, 't-anna')).statusCode).toBe(204);
      expect((await list(ada)).map((f) => f.id)).toEqual(['t-dora']);
      expect((await list(bea)).map((f) => f.id)).toEqual(['t-dora']);
      // Removing one never saved is the same success.
      expect((await del(ada, 't-nobody')).statusCode).toBe(204);
    });

    it('refuses a therapist without a public page as unknown, and hides one who leaves', async () => {
      const unknown = await put(ada, 't-nobody');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/problem+json');
      expect((await put(ada, 't-gone')).statusCode).toBe(404);

      expect((await put(ada, 't-anna')).statusCode).toBe(204);
      await db().update(therapist).set({ active: false }).where(eq(therapist.id, 't-anna'));
      expect((await list(ada)).map((f) => f.id)).not.toContain('t-anna');
      // Kept, so they come back with their page.
      await db().update(therapist).set({ active: true }).where(eq(therapist.id, 't-anna'));
      expect((await list(ada)).map((f) => f.id)).toContain('t-anna');
    });

    it('asks a signed-out visitor to sign in', async () => {
      expect((await put(null, 't-anna')).statusCode).toBe(401);
      expect((await del(null, 't-anna')).statusCode).toBe(401);
      const res = await env.app.inject({ method: 'GET', url: '/api/me/favourites' });
      expect(res.statusCode).toBe(401);
    });

    it('erases the favourites with the account', async () => {
      const cleo = await newCustomer(env.app, db(), { name: 'Cleo Jones' });
      expect((await put(cleo, 't-anna')).statusCode).toBe(204);
      const gone = await env.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: cleo.headers,
        payload: { password: TEST_PASSWORD },
      });
      expect(gone.statusCode, gone.body).toBe(204);
      const left = await db().select().from(favourite).where(eq(favourite.userId, cleo.id));
      expect(left).toEqual([]);
      // Another customer's favourites are untouched.
      expect((await list(bea)).map((f) => f.id)).toEqual(['t-dora']);
    });
  });
}
