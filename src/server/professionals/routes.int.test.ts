import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MINIMUM_SPEND_PENCE } from '../../domain/constants';
import { importCatalogue } from '../catalogue/import-catalogue';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

function therapist(username: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id: `t-${username}`,
    username,
    name,
    bio: `${name} has been giving treatments at home for many years across the whole city and beyond.`,
    active: true,
    business: false,
    paymentsConnected: true,
    area: 'testcity',
    genders: ['female'],
    minimumSpendPence: null,
    serviceIds: ['massage-60', 'hot-stones', 'facial'],
    ...extra,
  };
}

const treatment = (
  id: string,
  name: string,
  order: number,
  extra: Record<string, unknown> = {},
) => ({
  id,
  name,
  category: 'Massage',
  pricePence: 3000 + order,
  durationMinutes: 30 + order,
  order,
  addOn: false,
  ...extra,
});

const catalogue = {
  cities: [
    { slug: 'testcity', name: 'Test City' },
    { slug: 'othercity', name: 'Other City' },
    { slug: 'closedcity', name: 'Closed City', active: false },
  ],
  treatments: [
    // Listed out of catalogue order on purpose: the profile must sort them.
    treatment('facial', 'Facial', 3, { category: 'Facials' }),
    treatment('massage-60', 'Massage', 1, { addOnIds: ['hot-stones'] }),
    treatment('hot-stones', 'Hot Stones', 2, { addOn: true }),
    treatment('retired', 'Retired Treatment', 4, { active: false }),
  ],
  therapists: [
    therapist('zoe', 'Zoe Adams', { serviceIds: ['facial', 'retired'] }),
    therapist('anna', 'Anna Brown', {
      business: true,
      minimumSpendPence: 5000,
      photoUrl: 'https://example.test/anna.jpg',
    }),
    therapist('bea', 'bea Clark', { area: 'othercity', serviceIds: ['massage-60'] }),
    therapist('hidden', 'Hidden Inactive', { active: false }),
    therapist('unpaid', 'Unpaid Therapist', { paymentsConnected: false }),
    therapist('closed', 'Closed City Therapist', { area: 'closedcity' }),
    therapist('addons-only', 'Only Addons', { serviceIds: ['hot-stones', 'retired'] }),
  ],
};

interface Summary {
  username: string;
  name: string;
  photoUrl: string | null;
  area: string;
  areaName: string;
  bio: string;
  treatmentCount: number;
}

for (const kind of testDatabaseKinds('one')) {
  describe(`professionals API on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const imported = await importCatalogue(database.db, catalogue);
      expect(imported.ok).toBe(true);
      app = await buildTestApp(database);
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    const get = (url: string) => app.inject({ method: 'GET', url });
    const list = async (query = '') => {
      const res = await get(`/api/professionals${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ professionals: Summary[] }>().professionals;
    };

    it('lists only bookable professionals, by name, with a short bio and their treatment count', async () => {
      const professionals = await list();
      // Case-blind name order; inactive, unpaid, closed-city and add-on-only therapists are absent.
      expect(professionals.map((p) => p.username)).toEqual(['anna', 'bea', 'zoe']);
      expect(professionals[0]).toEqual({
        username: 'anna',
        name: 'Anna Brown',
        photoUrl: 'https://example.test/anna.jpg',
        area: 'testcity',
        areaName: 'Test City',
        bio: 'Anna Brown has been giving treatments at home for many…',
        treatmentCount: 2,
      });
      // A retired treatment is not counted; an add-on never is.
      expect(professionals.find((p) => p.username === 'zoe')?.treatmentCount).toBe(1);
      // Without a photo: the drawn portrait, never nothing.
      expect(professionals.find((p) => p.username === 'zoe')?.photoUrl).toBe(
        '/media/therapists/t-zoe/portrait.svg',
      );
    });

    it('filters by city, and an unknown or closed city has nobody', async () => {
      expect((await list('?city=othercity')).map((p) => p.username)).toEqual(['bea']);
      expect((await list('?city=testcity')).map((p) => p.username)).toEqual(['anna', 'zoe']);
      expect(await list('?city=atlantis')).toEqual([]);
      expect(await list('?city=closedcity')).toEqual([]);
    });

    it('rejects a malformed city filter with a field error', async () => {
      const res = await get('/api/professionals?city=Not%20A%20City');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('querystring.city');
    });

    it('shows a profile with the whole bio, main treatments in catalogue order and the minimum spend', async () => {
      const res = await get('/api/professionals/anna');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        id: 't-anna',
        username: 'anna',
        name: 'Anna Brown',
        photoUrl: 'https://example.test/anna.jpg',
        bio: catalogue.therapists[1]?.bio,
        area: 'testcity',
        areaName: 'Test City',
        businessEnabled: true,
        minimumSpendPence: 5000,
        treatments: [
          {
            id: 'massage-60',
            name: 'Massage',
            category: 'Massage',
            pricePence: 3001,
            durationMinutes: 31,
          },
          {
            id: 'facial',
            name: 'Facial',
            category: 'Facials',
            pricePence: 3003,
            durationMinutes: 33,
          },
        ],
        // No reviews yet: nothing shown (docs/decisions/0086).
        rating: null,
        latestReviews: [],
      });
    });

    it('falls back to the default minimum spend and leaves out retired treatments', async () => {
      const res = await get('/api/professionals/zoe');
      expect(res.statusCode, res.body).toBe(200);
      const zoe = res.json<{
        minimumSpendPence: number;
        businessEnabled: boolean;
        treatments: { id: string }[];
      }>();
      expect(zoe.minimumSpendPence).toBe(DEFAULT_MINIMUM_SPEND_PENCE);
      expect(zoe.businessEnabled).toBe(false);
      expect(zoe.treatments.map((t) => t.id)).toEqual(['facial']);
    });

    it('finds a username typed with capitals', async () => {
      const res = await get('/api/professionals/Anna');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ username: string }>().username).toBe('anna');
    });

    it('answers hidden and unknown professionals with the same 404', async () => {
      const details = new Set<string>();
      for (const username of ['hidden', 'unpaid', 'closed', 'nobody']) {
        const res = await get(`/api/professionals/${username}`);
        expect(res.statusCode, username).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
        const body = res.json<{ detail: string; name?: string }>();
        expect(body.name).toBeUndefined();
        details.add(body.detail.replace(username, 'X'));
      }
      // Nothing in the wording tells a hidden therapist from one who never existed.
      expect(details.size).toBe(1);
    });

    it('rejects a malformed username with 400 and a field error', async () => {
      for (const username of ['a', 'no%20spaces', '-dash-first', 'x'.repeat(41), '%C3%A9mile']) {
        const res = await get(`/api/professionals/${username}`);
        expect(res.statusCode, username).toBe(400);
        expect(res.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(
          'params.username',
        );
      }
    });
  });
}
