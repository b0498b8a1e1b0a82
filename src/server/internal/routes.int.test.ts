import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import { businessPayment, city, therapist, user } from '../db/schema';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

const TOKEN = 'test-internal-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

const catalogue = {
  cities: [{ slug: 'edinburgh', name: 'Edinburgh' }],
  treatments: [
    { id: 'massage', name: 'Massage', category: 'Massage', pricePence: 5000, durationMinutes: 60 },
  ],
  therapists: [
    {
      id: 't-isla',
      username: 'isla',
      name: 'Isla',
      active: true,
      area: 'edinburgh',
      serviceIds: ['massage'],
      availability: [{ start: '2026-12-01T09:00:00Z', end: '2026-12-01T17:00:00Z' }],
    },
  ],
};

describe.each(testDatabaseKinds('one'))('/api/internal on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    await database.db.insert(user).values([
      { id: 'u-personal', name: 'Pat', email: 'pat@example.com' },
      { id: 'u-business', name: 'Biz', email: 'Office@Example.com', accountType: 'business' },
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  describe('authentication', () => {
    it('asks for a bearer token', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/internal/catalogue' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    });

    it('refuses a wrong token', async () => {
      for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer']) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/internal/catalogue',
          headers: { authorization },
        });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      }
    });

    it('is turned off without a configured token, but still lets the CLI token in', async () => {
      const off = await buildTestApp(database, {
        env: { INTERNAL_API_TOKEN: '' },
        cliToken: 'cli-token-abc',
      });
      try {
        const refused = await off.inject({
          method: 'GET',
          url: '/api/internal/catalogue',
          headers: auth,
        });
        expect(refused.statusCode).toBe(503);
        expect(refused.json().detail).toBe(
          'The internal API is turned off: set INTERNAL_API_TOKEN.',
        );
        const cli = await off.inject({
          method: 'GET',
          url: '/api/internal/catalogue',
          headers: { authorization: 'Bearer cli-token-abc' },
        });
        expect(cli.statusCode).toBe(200);
      } finally {
        await off.close();
      }
    });

    it('accepts both the configured token and the CLI token', async () => {
      const both = await buildTestApp(database, { cliToken: 'cli-token-abc' });
      try {
        for (const token of [TOKEN, 'cli-token-abc']) {
          const res = await both.inject({
            method: 'GET',
            url: '/api/internal/catalogue',
            headers: { authorization: `bearer ${token}` },
          });
          expect(res.statusCode).toBe(200);
        }
      } finally {
        await both.close();
      }
    });
  });

  describe('catalogue', () => {
    it('reports every problem of an invalid document and writes nothing', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/internal/catalogue',
        headers: auth,
        payload: {
          ...catalogue,
          therapists: [{ ...catalogue.therapists[0], area: 'york', serviceIds: ['ghost'] }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status: 400,
        detail: 'The catalogue has 2 problems; nothing was imported.',
        errors: [
          { field: '$.therapists[0].area', message: 'no city "york" in the file or the database' },
          {
            field: '$.therapists[0].serviceIds[0]',
            message: 'no treatment "ghost" in the file or the database',
          },
        ],
      });
      expect(await database.db.select().from(city)).toEqual([]);
    });

    it('answers 400 naming the field for an instant PostgreSQL cannot store, not 500', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/internal/catalogue',
        headers: auth,
        payload: {
          ...catalogue,
          therapists: [
            {
              ...catalogue.therapists[0],
              availability: [{ start: '2026-12-01T09:00:00Z', end: '9999-12-31T23:00:00-05:00' }],
            },
          ],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          field: '$.therapists[0].availability[0].end',
          message: 'must be an instant between the years 0001 and 9999 (UTC)',
        },
      ]);
      expect(await database.db.select().from(city)).toEqual([]);
    });

    it('answers 400 for a body that is not an object', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/internal/catalogue',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '[1, 2]',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: '$', message: expect.any(String) }]);
    });

    it('imports, then exports the same data', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/internal/catalogue',
        headers: auth,
        payload: catalogue,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        counts: { cities: 1, treatments: 1, therapists: 1, availabilityWindows: 1 },
      });
      const [stored] = await database.db.select().from(therapist).where(eq(therapist.id, 't-isla'));
      expect(stored?.username).toBe('isla');

      const exported = await app.inject({
        method: 'GET',
        url: '/api/internal/catalogue',
        headers: auth,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.json().therapists[0]).toMatchObject({
        id: 't-isla',
        serviceIds: ['massage'],
        availability: [{ start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T17:00:00.000Z' }],
      });
    });
  });

  describe('users', () => {
    it('sets role flags, leaving out the ones not sent', async () => {
      const url = `/api/internal/users/${encodeURIComponent('pat@example.com')}/roles`;
      const first = await app.inject({
        method: 'PUT',
        url,
        headers: auth,
        payload: { therapist: true },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ email: 'pat@example.com', therapist: true, onboarder: false });
      const second = await app.inject({
        method: 'PUT',
        url,
        headers: auth,
        payload: { onboarder: true },
      });
      expect(second.json()).toEqual({ email: 'pat@example.com', therapist: true, onboarder: true });
      const [row] = await database.db.select().from(user).where(eq(user.id, 'u-personal'));
      expect(row).toMatchObject({ isTherapist: true, isOnboarder: true });
    });

    it('rejects unknown users and unknown flags', async () => {
      const missing = await app.inject({
        method: 'PUT',
        url: '/api/internal/users/nobody@example.com/roles',
        headers: auth,
        payload: { therapist: true },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('No user with email nobody@example.com.');
      const unknownFlag = await app.inject({
        method: 'PUT',
        url: '/api/internal/users/pat@example.com/roles',
        headers: auth,
        payload: { admin: true },
      });
      expect(unknownFlag.statusCode).toBe(400);
    });

    it('sets a business account’s payment arrangement', async () => {
      const url = '/api/internal/users/office@example.com/business-payment';
      for (const arrangement of ['invoice', 'card'] as const) {
        const res = await app.inject({
          method: 'PUT',
          url,
          headers: auth,
          payload: { arrangement },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ email: 'Office@Example.com', arrangement });
      }
      const rows = await database.db.select().from(businessPayment);
      expect(rows).toMatchObject([{ userId: 'u-business', arrangement: 'card' }]);
    });

    it('refuses a payment arrangement for a personal account or an unknown one', async () => {
      const personal = await app.inject({
        method: 'PUT',
        url: '/api/internal/users/pat@example.com/business-payment',
        headers: auth,
        payload: { arrangement: 'invoice' },
      });
      expect(personal.statusCode).toBe(422);
      expect(personal.json().detail).toContain('only business accounts');
      expect(personal.json().code).toBe('not_business_account');
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/internal/users/office@example.com/business-payment',
        headers: auth,
        payload: { arrangement: 'cash' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('documents the routes under the "internal" tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/internal/catalogue'].post.tags).toEqual(['internal']);
    expect(doc.paths['/api/internal/users/{email}/roles'].put.tags).toEqual(['internal']);
  });
});
