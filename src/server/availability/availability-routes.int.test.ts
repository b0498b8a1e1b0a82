import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableTherapistsAnswer, therapistsWithSlotInstants } from '../../contract/availability';
import type { CustomerProfile } from '../../domain/types';
import { buildTestApp } from '../../test-support/test-app';
import { testCatalogue } from '../../test-support/booking-fixtures';
import { importCatalogue } from '../catalogue/import-catalogue';
import { user } from '../db/schema';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

// Frozen clock: Monday 2026-11-23 08:00 UK (GMT, so also 08:00Z).
const NOW = new Date('2026-11-23T08:00:00Z');
const DAY = '2026-11-24';
const at = (date: string, time: string) => `${date}T${time}:00Z`;

function therapist(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    username: id.replace(/^t-/, ''),
    name: id.replace(/^t-/, '').toUpperCase(),
    active: true,
    business: false,
    paymentsConnected: true,
    area: 'testcity',
    genders: ['female', 'male', 'non-binary'],
    minimumSpendPence: null,
    serviceIds: ['massage-60', 'hot-stones'],
    availability: [{ start: at(DAY, '09:00'), end: at(DAY, '12:00') }],
    ...extra,
  };
}

const catalogue = testCatalogue([
  therapist('t-anna'),
  therapist('t-bea', { business: true, genders: ['female'] }),
  therapist('t-cara', { minimumSpendPence: 5000 }),
  therapist('t-inactive', { active: false }),
  therapist('t-unpaid', { paymentsConnected: false }),
  therapist('t-away', { area: 'othercity' }),
  therapist('t-nails', { serviceIds: ['manicure'] }),
  therapist('t-stale', {
    availability: [{ start: '2026-11-20T09:00:00Z', end: '2026-11-20T17:00:00Z' }],
  }),
]);

for (const kind of testDatabaseKinds('one')) {
  describe(`availability API on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let customer: CustomerProfile | null = null;
    let queries = 0;
    const inRequest = new AsyncLocalStorage<true>();

    beforeAll(async () => {
      // Only requests' own statements: background jobs query on their own timers.
      database = await createTestDatabase(kind, {
        onQuery: () => void (inRequest.getStore() ? queries++ : undefined),
      });
      const imported = await importCatalogue(database.db, catalogue);
      expect(imported.ok).toBe(true);
      app = await buildTestApp(database, {
        env: { AVAILABILITY_CACHE_SECONDS: '0' },
        now: () => NOW,
        currentCustomer: async () => customer,
      });
      app.addHook('onRequest', (_request, _reply, done) => inRequest.run(true, done));
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    const get = (url: string) => app.inject({ method: 'GET', url });
    const therapists = async (query: string) => {
      const res = await get(`/api/cities/testcity/therapists?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return therapistsWithSlotInstants(availableTherapistsAnswer.parse(res.json()));
    };

    it('lists slots as runs of minutes after the start of the UK day', async () => {
      const res = await get(`/api/cities/testcity/therapists?date=${DAY}&treatments=massage-60`);
      const answer = availableTherapistsAnswer.parse(res.json());
      expect(answer.date).toBe(DAY);
      expect(answer.dayStartsAt).toBe('2026-11-24T00:00:00.000Z');
      // 09:00 to 10:45 every 15 minutes (GMT in November: minutes after midnight UTC too).
      const anna = answer.therapists.find((t) => t.id === 't-anna');
      expect(answer.slotGridMinutes).toBe(15);
      expect(anna?.slotRuns).toEqual([[540, 645]]);
    });

    it('shows only visible therapists, prices from the database and the 15-minute buffer', async () => {
      const list = await therapists(`date=${DAY}&treatments=massage-60`);
      expect(list.map((t) => t.id).sort()).toEqual(['t-anna', 't-bea', 't-cara']);
      const anna = list.find((t) => t.id === 't-anna');
      expect(anna?.totalPricePence).toBe(3000);
      expect(anna?.totalDurationMinutes).toBe(75);
      // 09:00–12:00 window, 75 minutes: last start 10:45, on the 15-minute grid.
      expect(anna?.slots[0]).toBe('2026-11-24T09:00:00.000Z');
      expect(anna?.slots.at(-1)).toBe('2026-11-24T10:45:00.000Z');
      expect(anna?.slots).toHaveLength(8);
    });

    it('lists a therapist below minimum spend with the shortfall and no slots', async () => {
      const cara = (await therapists(`date=${DAY}&treatments=massage-60,hot-stones`)).find(
        (t) => t.id === 't-cara',
      );
      expect(cara).toMatchObject({ meetsMinimumSpend: false, shortfallPence: 1000, slots: [] });
    });

    it('applies the signed-in customer: business sees business therapists, gender filters', async () => {
      customer = { id: 'c1', accountType: 'business', gender: null };
      expect((await therapists(`date=${DAY}&treatments=massage-60`)).map((t) => t.id)).toEqual([
        't-bea',
      ]);
      customer = { id: 'c2', accountType: 'personal', gender: 'male' };
      const ids = (await therapists(`date=${DAY}&treatments=massage-60`)).map((t) => t.id);
      expect(ids).not.toContain('t-bea');
      expect(ids).toContain('t-anna');
      customer = null;
    });

    it('never offers a slot overlapping an active booking; lapsed holds (3-D Secure too) free it', async () => {
      await database.db
        .insert(user)
        .values({ id: 'avail-customer', name: 'C', email: `c-${kind}@example.com` });
      await database.db.execute(sql`
        insert into booking (customer_id, therapist_id, city_slug, starts_at, during, status,
          total_price_pence, total_duration_minutes, amount_due_pence, hold_expires_at)
        values
          ('avail-customer', 't-anna', 'testcity', '2026-11-24T09:30:00Z',
           '[2026-11-24T09:30:00Z,2026-11-24T10:45:00Z)', 'confirmed', 3000, 75, 3000, null),
          ('avail-customer', 't-bea', 'testcity', '2026-11-24T09:00:00Z',
           '[2026-11-24T09:00:00Z,2026-11-24T10:30:00Z)', 'held', 3000, 75, 3000,
           '2026-11-23T07:55:00Z'),
          ('avail-customer', 't-bea', 'testcity', '2026-11-24T10:30:00Z',
           '[2026-11-24T10:30:00Z,2026-11-24T12:00:00Z)', 'requires_action', 3000, 75, 3000,
           '2026-11-23T07:59:00Z')`);
      const list = await therapists(`date=${DAY}&treatments=massage-60`);
      const anna = list.find((t) => t.id === 't-anna');
      // Booking 09:30–10:45 blocks every 75-minute start before 10:45; 10:45 still fits before 12:00.
      expect(anna?.slots).toEqual(['2026-11-24T10:45:00.000Z']);
      expect(list.find((t) => t.id === 't-bea')?.slots).toHaveLength(8);
    });

    it('answers the dates with availability in the window', async () => {
      const res = await get('/api/cities/testcity/dates?treatments=massage-60');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ dates: [DAY], place: null, whyNoDates: null });
    });

    it("answers one therapist's dates when asked, for moving a booking", async () => {
      const path = '/api/cities/testcity/dates?treatments=massage-60&therapist=';
      expect((await get(`${path}t-anna`)).json()).toEqual({
        dates: [DAY],
        place: null,
        whyNoDates: null,
      });
      expect((await get(`${path}t-nobody`)).json()).toEqual({
        dates: [],
        place: null,
        whyNoDates: { reason: 'no_therapist_offers', offeredTreatmentIds: [] },
      });
    });

    it('says why there is no day, with what can be booked instead', async () => {
      const why = async (query: string) => {
        const res = await get(`/api/cities/testcity/dates?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json<{ dates: string[]; whyNoDates: unknown }>();
        expect(answer.dates).toEqual([]);
        return answer.whyNoDates;
      };
      // Nobody does both in one booking; each is offered on its own (add-ons never listed).
      expect(await why('treatments=massage-60,manicure')).toEqual({
        reason: 'no_therapist_offers',
        offeredTreatmentIds: ['manicure', 'massage-60'],
      });
      // £30 against Cara's £50 minimum.
      expect(await why('treatments=massage-60&therapist=t-cara')).toEqual({
        reason: 'below_minimum_spend',
        shortfallPence: 2000,
        minimumPence: 5000,
      });
      // Offers it, but no recent availability: simply nobody free.
      expect(await why('treatments=massage-60&therapist=t-stale')).toEqual({ reason: 'none_free' });
      customer = { id: 'c1', accountType: 'business', gender: null };
      try {
        // Only Nails does manicures, and takes no business accounts; Bea, who does, offers massage.
        expect(await why('treatments=manicure')).toEqual({
          reason: 'no_business_therapist',
          offeredTreatmentIds: ['massage-60'],
        });
      } finally {
        customer = null;
      }
    });

    it.each([
      ['no treatments', `date=${DAY}&treatments=`, /at least one treatment/],
      ['missing treatments', `date=${DAY}`, /treatments/],
      [
        'unknown ids, listed',
        `date=${DAY}&treatments=massage-60,nope,gone`,
        /Unknown treatments: nope, gone/,
      ],
      ['an add-on without its parent', `date=${DAY}&treatments=hot-stones`, /hot-stones/],
      ['a malformed date', 'date=24/11/2026&treatments=massage-60', /YYYY-MM-DD/],
      ['an impossible date', 'date=2026-02-30&treatments=massage-60', /YYYY-MM-DD/],
      [
        'a date before today',
        'date=2026-11-22&treatments=massage-60',
        /outside the booking window/,
      ],
      [
        'a date past 36 days',
        'date=2027-01-05&treatments=massage-60',
        /outside the booking window/,
      ],
    ])('rejects %s with a 400 problem', async (_name, query, detail) => {
      const res = await get(`/api/cities/testcity/therapists?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toMatch(detail);
    });

    it('answers an unknown city with a 404 problem', async () => {
      for (const path of ['therapists?date=2026-11-24&', 'dates?']) {
        const res = await get(`/api/cities/atlantis/${path}treatments=massage-60`);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    });

    it('with the cache on, repeats an answer byte for byte until an import clears it', async () => {
      const cached = await buildTestApp(database, { now: () => NOW });
      try {
        const url = `/api/cities/testcity/therapists?date=${DAY}&treatments=manicure`;
        const first = await cached.inject(url);
        const again = await cached.inject(url);
        expect(first.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
        expect(again.headers['content-type']).toContain('application/json');

        const imported = await cached.inject({
          method: 'POST',
          url: '/api/internal/catalogue',
          headers: { authorization: 'Bearer test-internal-token-0123456789abcdef' },
          payload: { therapists: [therapist('t-nails-two', { serviceIds: ['manicure'] })] },
        });
        expect(imported.statusCode, imported.body).toBe(200);
        const after = (await cached.inject(url)).json<{ therapists: { id: string }[] }>();
        expect(after.therapists.map((t) => t.id).sort()).toEqual(['t-nails', 't-nails-two']);
      } finally {
        await cached.close();
      }
    });

    it('reuses candidates only while the catalogue is unchanged: every change shows at once', async () => {
      const shownNow = async () =>
        (await therapists(`date=${DAY}&treatments=massage-60`)).map((t) => t.id).sort();
      const change = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      const shown = await shownNow();
      expect(shown).toEqual(['t-anna', 't-bea', 't-cara']);
      queries = 0;
      expect(await shownNow()).toEqual(shown);
      // Only the bookings, read with the version that says the kept reads are current.
      expect(queries).toBe(1);

      await change(sql`update therapist set active = false where id = 't-anna'`);
      expect(await shownNow()).toEqual(['t-bea', 't-cara']);
      await change(sql`update therapist set active = true where id = 't-anna'`);
      expect(await shownNow()).toEqual(shown);

      await change(
        sql`delete from therapist_service where therapist_id = 't-bea' and treatment_id = 'massage-60'`,
      );
      expect(await shownNow()).toEqual(['t-anna', 't-cara']);
      await change(sql`insert into therapist_service values ('t-bea', 'massage-60')`);
      expect(await shownNow()).toEqual(shown);

      // Away too long to be shown (no recent availability) until a window is added.
      const stale = sql`therapist_id = 't-stale' and lower(during) = ${at(DAY, '13:00')}::timestamptz`;
      await change(
        sql`insert into availability (therapist_id, during)
            values ('t-stale', tstzrange(${at(DAY, '13:00')}, ${at(DAY, '16:00')}))`,
      );
      expect(await shownNow()).toEqual([...shown, 't-stale']);
      await change(sql`delete from availability where ${stale}`);
      expect(await shownNow()).toEqual(shown);
    });

    it("never refuses a request on kept reads: the error is the database's at that moment", async () => {
      const url = `/api/cities/testcity/therapists?date=${DAY}&treatments=massage-60`;
      const status = async (path: string) => (await get(path)).statusCode;
      const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      expect(await status(url)).toBe(200);
      // Kept: the treatment is unknown. Once it is back, the search must not say so again.
      await run(sql`update treatment set active = false where id = 'massage-60'`);
      expect((await get(url)).json().detail).toMatch(/Unknown treatments: massage-60/);
      await run(sql`update treatment set active = true where id = 'massage-60'`);
      expect(await status(url)).toBe(200);
      // Kept: the city exists. Once it is gone, a bad date is answered as an unknown city.
      await run(sql`insert into city (slug, name) values ('gonecity', 'Gone')`);
      const gone = '/api/cities/gonecity/therapists?treatments=massage-60&date=';
      expect(await status(`${gone}${DAY}`)).toBe(200);
      await run(sql`delete from city where slug = 'gonecity'`);
      expect(await status(`${gone}24/11/2026`)).toBe(404);
    });

    it('reads the windows again once time has moved past what the kept ones cover', async () => {
      // Past the 36-day window today (and the week's margin read with it), inside it in 10 days.
      const later = sql`therapist_id = 't-anna' and lower(during) = '2027-01-07T10:00:00Z'`;
      await database.db.execute(
        sql`insert into availability (therapist_id, during)
            values ('t-anna', tstzrange('2027-01-07T10:00:00Z', '2027-01-07T16:00:00Z'))`,
      );
      let clock = NOW;
      const moving = await buildTestApp(database, {
        env: { AVAILABILITY_CACHE_SECONDS: '0' },
        now: () => clock,
      });
      try {
        const dates = async () =>
          (await moving.inject('/api/cities/testcity/dates?treatments=massage-60')).json<{
            dates: string[];
          }>().dates;
        expect(await dates()).toEqual([DAY]);
        clock = new Date(NOW.getTime() + 10 * 24 * 3600_000);
        expect(await dates()).toEqual(['2027-01-07']);
      } finally {
        await moving.close();
        await database.db.execute(sql`delete from availability where ${later}`);
      }
    });

    it('uses the same number of queries however many therapists there are', async () => {
      const count = async (url: string) => {
        queries = 0;
        expect((await get(url)).statusCode).toBe(200);
        return queries;
      };
      const url = `/api/cities/testcity/therapists?date=${DAY}&treatments=massage-60`;
      const datesUrl = '/api/cities/testcity/dates?treatments=massage-60';
      // A change to the catalogue, so the candidates are read again on the first request.
      const touch = () => database.db.execute(sql`update city set active = active`);
      await touch();
      const before = [await count(url), await count(datesUrl)];
      const extra = Array.from({ length: 40 }, (_, i) => therapist(`t-extra-${i}`));
      expect((await importCatalogue(database.db, { therapists: extra })).ok).toBe(true);
      const after = [await count(url), await count(datesUrl)];
      expect(after).toEqual(before);
      // The bookings with the version, which has moved; then the city with the selection (and
      // add-ons) and the version, the candidates with their windows, and the bookings again.
      // The dates, asking about the same treatments, then use what that search read and kept.
      expect(after).toEqual([4, 1]);
      // The catalogue unchanged since: one statement each.
      expect([await count(url), await count(datesUrl)]).toEqual([1, 1]);
      expect((await get(url)).json().therapists.length).toBeGreaterThan(40);
    });
  });
}
