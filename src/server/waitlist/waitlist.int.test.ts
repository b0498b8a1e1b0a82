import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemCode } from '../../contract/problem';
import type { WaitlistEntry, WaitlistOffer, WaitlistRun } from '../../contract/waitlist';
import {
  at,
  bookingCatalogue,
  bookingTherapist,
  getJson,
  holdOk,
  holdRequest,
  newCustomer,
  payRequest,
  post,
  secondInstance,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
  type SecondInstance,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import { queryRows } from '../db/query-rows';
import { address } from '../db/schema';

// The waitlist end to end through the API and the matcher's internal route, on both databases:
// join order, the exclusive hold and its lapse, a taken time, leaving, expiry, and twenty freed
// times raced by two instances' matchers (PGlite has one connection: the same code, one
// transaction at a time).

const INTERNAL = { authorization: 'Bearer test-internal-token-0123456789abcdef' };
/** Bea works one hour a day for twenty days from the 25th: one manicure fills each (the race). */
const BEA_DAYS = Array.from({ length: 20 }, (_, i) =>
  new Date(Date.parse('2026-11-25T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
);
const catalogue = bookingCatalogue([
  bookingTherapist('t-anna'),
  bookingTherapist('t-bea', {
    serviceIds: ['manicure'],
    availability: BEA_DAYS.map((d) => ({ start: at(d, '09:00'), end: at(d, '10:00') })),
  }),
]);

/** One pass, by whichever instance gets the lease; another pass in flight is waited out. */
async function runPass(app: FastifyInstance): Promise<WaitlistRun> {
  for (;;) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/internal/waitlist/run',
      headers: INTERNAL,
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<WaitlistRun>();
    if (run.ran) return run;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

for (const kind of testDatabaseKinds('every')) {
  describe(`waitlist on ${kind}`, () => {
    let env: BookingTestEnv;
    let second: SecondInstance | null = null;
    let owner: BookingCustomer;

    const join = (c: BookingCustomer, body: Record<string, unknown> = {}) =>
      post(env.app, c, '/api/me/waitlist', {
        city: 'testcity',
        treatmentIds: ['massage-60'],
        therapistId: 't-anna',
        from: '2026-11-24',
        to: '2026-11-24',
        earliest: '10:00',
        latest: '10:15',
        addressId: c.addressId,
        ...body,
      });
    const joinOk = async (c: BookingCustomer, body: Record<string, unknown> = {}) => {
      const res = await join(c, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<WaitlistEntry>();
    };
    const book = async (c: BookingCustomer, options: Parameters<typeof holdOk>[2]) => {
      const held = await holdOk(env.app, c, options);
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const offersOf = (entryId: string) =>
      queryRows<{ status: string; booking_id: string; token: string; starts_at: Date }>(
        env.database.db,
        sql`select status, booking_id, token, starts_at from waitlist_offer
            where entry_id = ${entryId} order by created_at`,
      );
    const mailsTo = (email: string) =>
      queryRows<{ subject: string; text_body: string }>(
        env.database.db,
        sql`select subject, text_body from email_outbox
            where to_address = ${email} and dedupe_key like 'waitlist-offer-%'`,
      );
    const entryStatus = async (id: string) =>
      (
        await queryRows<{ status: string }>(
          env.database.db,
          sql`select status from waitlist_entry where id = ${id}`,
        )
      )[0]?.status;

    beforeAll(async () => {
      env = await setUpBookingTest(kind, { catalogue });
      owner = await newCustomer(env.app, env.database.db);
      second = await secondInstance(env);
    });
    afterAll(async () => {
      await second?.close();
      await env.app.close();
      await env.database.destroy();
    });

    describe('one freed time', () => {
      let ada: BookingCustomer;
      let ben: BookingCustomer;
      let cleo: BookingCustomer;
      let entries: WaitlistEntry[];
      let ownersBooking: string;

      beforeAll(async () => {
        [ada, ben, cleo] = (await Promise.all(
          [1, 2, 3].map(() => newCustomer(env.app, env.database.db)),
        )) as [BookingCustomer, BookingCustomer, BookingCustomer];
        ownersBooking = await book(owner, { startsAt: at('2026-11-24', '10:00') });
        entries = [];
        for (const c of [ada, ben, cleo]) entries.push(await joinOk(c));
      });

      it('offers nothing while the time is booked', async () => {
        expect(entries[0]).toMatchObject({
          status: 'waiting',
          earliest: '10:00',
          latest: '10:15',
          therapistName: 'Anna',
          treatmentNames: ['Massage'],
          postcode: 'EH1 1AA',
          offer: null,
        });
        expect((await runPass(env.app)).offered).toBe(0);
      });

      it('a cancelled booking reaches the first waiting customer only, held for them alone', async () => {
        const cancelled = await post(env.app, owner, `/api/bookings/${ownersBooking}/cancel`);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(await runPass(env.app)).toMatchObject({ offered: 1 });
        const [offer] = await offersOf(entries[0]!.id);
        expect(offer).toMatchObject({ status: 'offered' });
        expect(await offersOf(entries[1]!.id)).toEqual([]);
        const [mail] = await mailsTo(ada.email);
        expect(mail?.subject).toContain('A time has opened');
        expect(mail?.text_body).toContain(`/account?offer=${offer!.token}`);
        expect(await mailsTo(ben.email)).toEqual([]);
        // Really held: nobody else can book it, and Ada's list shows it.
        expect(
          (await holdRequest(env.app, ben, { startsAt: at('2026-11-24', '10:00') })).statusCode,
        ).toBe(409);
        const list = (await getJson(env.app, ada, '/api/me/waitlist')).json<{
          entries: WaitlistEntry[];
          offerMinutes: number;
        }>();
        // The web form says how long a time is held from this, the configured 15 minutes.
        expect(list.offerMinutes).toBe(15);
        expect(list.entries[0]?.offer).toMatchObject({
          token: offer!.token,
          startsAt: at('2026-11-24', '10:00'),
          expiresAt: '2026-11-23T08:15:00.000Z',
        });
        const page = await getJson<WaitlistOffer>(
          env.app,
          ada,
          `/api/me/waitlist/offers/${offer!.token}`,
        );
        expect(page.json()).toMatchObject({ status: 'offered', bookingId: offer!.booking_id });
        // The link is Ada's alone.
        expect(
          (await getJson(env.app, ben, `/api/me/waitlist/offers/${offer!.token}`)).statusCode,
        ).toBe(404);
        // Another pass tells nobody else while the hold lasts.
        expect((await runPass(env.app)).offered).toBe(0);
      });

      it('the exclusive hold lapses to the second in line, never back to the first', async () => {
        env.clock.advanceMinutes(15);
        expect(await runPass(env.app)).toMatchObject({ lapsed: 1, offered: 1 });
        const [adaOffer] = await offersOf(entries[0]!.id);
        expect(adaOffer?.status).toBe('lapsed');
        const page = await getJson<WaitlistOffer>(
          env.app,
          ada,
          `/api/me/waitlist/offers/${adaOffer!.token}`,
        );
        expect(page.json().status).toBe('lapsed');
        const [benOffer] = await offersOf(entries[1]!.id);
        expect(benOffer?.status).toBe('offered');
        expect(await mailsTo(ben.email)).toHaveLength(1);
        expect(await mailsTo(cleo.email)).toEqual([]);
        expect(await entryStatus(entries[0]!.id)).toBe('waiting');
      });

      it('a taken time tells nobody else, and fulfils the entry', async () => {
        const [benOffer] = await offersOf(entries[1]!.id);
        const paid = await payRequest(env.app, ben, benOffer!.booking_id);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(await runPass(env.app)).toMatchObject({ taken: 1, offered: 0 });
        expect(await entryStatus(entries[1]!.id)).toBe('fulfilled');
        const page = await getJson<WaitlistOffer>(
          env.app,
          ben,
          `/api/me/waitlist/offers/${benOffer!.token}`,
        );
        expect(page.json().status).toBe('taken');
        expect(await mailsTo(cleo.email)).toEqual([]);
        expect(await offersOf(entries[2]!.id)).toEqual([]);
        expect(await mailsTo(ada.email)).toHaveLength(1);
      });

      it('leaving is idempotent, lets go of a held time, and only for its customer', async () => {
        const leave = (c: BookingCustomer, id: string) =>
          env.app.inject({ method: 'DELETE', url: `/api/me/waitlist/${id}`, headers: c.headers });
        expect((await leave(ben, entries[2]!.id)).statusCode).toBe(404);
        expect((await leave(cleo, entries[2]!.id)).statusCode).toBe(204);
        expect((await leave(cleo, entries[2]!.id)).statusCode).toBe(204);
        expect(await entryStatus(entries[2]!.id)).toBe('left');
        // A time held for an entry goes back at once when its customer leaves.
        const dan = await newCustomer(env.app, env.database.db);
        const entry = await joinOk(dan, { earliest: '14:00', latest: '14:15' });
        expect((await runPass(env.app)).offered).toBeGreaterThanOrEqual(1);
        const [offer] = await offersOf(entry.id);
        expect(offer?.status).toBe('offered');
        expect((await leave(dan, entry.id)).statusCode).toBe(204);
        const [booking] = await queryRows<{ status: string }>(
          env.database.db,
          sql`select status from booking where id = ${offer!.booking_id}`,
        );
        expect(booking?.status).toBe('expired');
        expect((await offersOf(entry.id))[0]?.status).toBe('lapsed');
      });
    });

    // Input checks need one database, not two (testDatabaseKinds('one') says why).
    it.skipIf(kind !== testDatabaseKinds('one')[0])(
      'refuses what cannot be waited for',
      async () => {
        const eve = await newCustomer(env.app, env.database.db);
        const refused = async (
          body: Record<string, unknown>,
          status: number,
          field?: string,
          code?: ProblemCode,
        ) => {
          const res = await join(eve, body);
          expect(res.statusCode, res.body).toBe(status);
          expect(res.headers['content-type']).toContain('application/problem+json');
          if (field)
            expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
          if (code) expect(res.json().code).toBe(code);
        };
        await refused({ from: '2026-11-22', to: '2026-11-24' }, 400, 'body.from');
        await refused({ from: '2026-11-25', to: '2026-11-24' }, 400, 'body.to');
        await refused({ from: '2026-11-24', to: '2026-12-22' }, 400, 'body.to');
        await refused({ earliest: '12:00', latest: '11:00' }, 400, 'body.latest');
        await refused({ earliest: '25:00' }, 400);
        await refused({ city: 'nowhere' }, 422, 'body.city');
        await refused({ treatmentIds: ['hot-stones'] }, 400, 'body.treatmentIds');
        await refused({ therapistId: 't-away' }, 422, 'body.therapistId');
        await refused({ addressId: owner.addressId }, 422, 'body.addressId');
        await refused({ postcode: 'G1 1AA' }, 422, 'body.postcode', 'postcode_mismatch');
        // Where the city is comes from its therapists' home postcodes: EH, so Glasgow is outside.
        const [far] = await env.database.db
          .insert(address)
          .values({ userId: eve.id, line1: '1 Far Street', town: 'Glasgow', postcode: 'G1 1AA' })
          .returning({ id: address.id });
        await queryRows(
          env.database.db,
          sql`update therapist set home_postcode = 'EH1 1AA' where id = 't-anna'`,
        );
        try {
          await refused({ addressId: far!.id }, 422, 'body.addressId');
        } finally {
          await queryRows(
            env.database.db,
            sql`update therapist set home_postcode = null where id = 't-anna'`,
          );
        }
        const unauthenticated = await env.app.inject({ method: 'GET', url: '/api/me/waitlist' });
        expect(unauthenticated.statusCode).toBe(401);
        // Five waiting at once at most.
        for (let i = 0; i < 5; i++) await joinOk(eve, { from: '2026-12-01', to: '2026-12-02' });
        await refused(
          { from: '2026-12-01', to: '2026-12-02' },
          422,
          undefined,
          'too_many_waitlists',
        );
      },
    );

    it('ends entries after their last day', async () => {
      const fay = await newCustomer(env.app, env.database.db);
      // Today only, at a time nobody works: nothing is offered, and tomorrow it is over.
      const entry = await joinOk(fay, {
        from: '2026-11-23',
        to: '2026-11-23',
        earliest: '07:00',
        latest: '07:15',
      });
      env.clock.advanceMinutes(24 * 60);
      expect((await runPass(env.app)).expired).toBeGreaterThanOrEqual(1);
      expect(await entryStatus(entry.id)).toBe('expired');
    });

    it('twenty cancellations racing two instances give exactly one offer each', async () => {
      // Bea's twenty days held by one customer; five others wait for any of them, four times each.
      const held: string[] = [];
      for (const day of BEA_DAYS) {
        const hold = {
          therapistId: 't-bea',
          treatmentIds: ['manicure'],
          startsAt: at(day, '09:00'),
        };
        held.push((await holdOk(env.app, owner, hold)).id);
      }
      const waiting = await Promise.all(
        Array.from({ length: 5 }, () => newCustomer(env.app, env.database.db)),
      );
      const entryIds: string[] = [];
      for (const c of waiting) {
        for (let i = 0; i < 4; i++) {
          const e = await joinOk(c, {
            therapistId: 't-bea',
            treatmentIds: ['manicure'],
            from: BEA_DAYS[0],
            to: BEA_DAYS[19],
            earliest: undefined,
            latest: undefined,
          });
          entryIds.push(e.id);
        }
      }
      // The twenty cancellations and a pass on each instance, all at once; then passes on both
      // at once until one finds nothing more to offer.
      const apps = [env.app, second?.app ?? env.app];
      const runBoth = () =>
        Promise.all(
          apps.map(async (app) => {
            const res = await app.inject({
              method: 'POST',
              url: '/api/internal/waitlist/run',
              headers: INTERNAL,
            });
            expect(res.statusCode, res.body).toBe(200);
            return res.json<WaitlistRun>();
          }),
        );
      const cancels = held.map(async (id) => {
        const res = await post(env.app, owner, `/api/bookings/${id}/cancel`);
        expect(res.statusCode, res.body).toBe(200);
      });
      await Promise.all([...cancels, runBoth()]);
      for (let round = 0; round < 10; round++) {
        const runs = await runBoth();
        if (runs.some((r) => r.ran && r.offered === 0)) break;
      }
      const offers = await queryRows<{ entry_id: string; time: string; customer_ok: boolean }>(
        env.database.db,
        sql`select o.entry_id, o.therapist_id || o.starts_at::text as time,
                   b.customer_id = e.customer_id and b.status = 'held' as customer_ok
            from waitlist_offer o join waitlist_entry e on e.id = o.entry_id
            join booking b on b.id = o.booking_id
            where o.entry_id in ${entryIds}`,
      );
      expect(offers).toHaveLength(20);
      expect(new Set(offers.map((o) => o.entry_id)).size).toBe(20);
      expect(new Set(offers.map((o) => o.time)).size).toBe(20);
      expect(offers.every((o) => o.customer_ok)).toBe(true);
      const [mails] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from email_outbox
            where to_address in ${waiting.map((c) => c.email)} and dedupe_key like 'waitlist-offer-%'`,
      );
      expect(mails?.n).toBe(20);
    });
  });
}
