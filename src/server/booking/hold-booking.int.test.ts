import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, bookingItem, therapist } from '../db/schema';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  at,
  giveCredit,
  holdOk,
  holdRequest,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';

for (const kind of testDatabaseKinds('one')) {
  describe(`POST /api/bookings on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let ben: BookingCustomer;

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ada = await newCustomer(env.app, env.database.db);
      ben = await newCustomer(env.app, env.database.db);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('holds a slot for 10 minutes with prices and durations from the database', async () => {
      const res = await holdRequest(env.app, ada, {
        treatmentIds: ['massage-60', 'hot-stones'],
        startsAt: at('2026-11-24', '09:00'),
        // Whatever the client says about money is ignored.
        totalPricePence: 1,
        pricePence: 1,
        amountDuePence: 0,
      });
      expect(res.statusCode, res.body).toBe(201);
      const held = res.json();
      expect(held).toEqual({
        id: expect.any(String),
        status: 'held',
        holdExpiresAt: '2026-11-23T08:10:00.000Z',
        totalPricePence: 4000,
        totalDurationMinutes: 90,
        creditAppliedPence: 0,
        referralDiscountPence: 0,
        referralNote: null,
        walletCreditAvailablePence: 0,
        walletBalancePence: 0,
        amountDuePence: 4000,
      });
      const [row] = await env.database.db.select().from(booking).where(eq(booking.id, held.id));
      expect(row?.during).toEqual({
        start: new Date(at('2026-11-24', '09:00')),
        end: new Date(at('2026-11-24', '10:30')),
      });
      expect(row?.addressSnapshot).toMatchObject({ line1: '1 Test Street', postcode: 'EH1 1AA' });
      const items = await env.database.db
        .select()
        .from(bookingItem)
        .where(eq(bookingItem.bookingId, held.id));
      expect(items.map((i) => [i.treatmentId, i.pricePence, i.durationMinutes])).toEqual([
        ['massage-60', 3000, 60],
        ['hot-stones', 1000, 15],
      ]);
    });

    it('answers 409 to someone else for an overlapping time, and the holder gets their hold back', async () => {
      const mine = await holdOk(env.app, ada, { startsAt: at('2026-11-24', '12:00') });
      const taken = await holdRequest(env.app, ben, { startsAt: at('2026-11-24', '12:30') });
      expect(taken.statusCode).toBe(409);
      expect(taken.headers['content-type']).toContain('application/problem+json');
      expect(taken.json()).toMatchObject({
        code: 'slot_taken',
        detail: expect.stringMatching(/taken|booked/),
      });
      const again = await holdRequest(env.app, ada, { startsAt: at('2026-11-24', '12:00') });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(mine.id);
    });

    it('frees the slot once the hold runs out, without waiting for the sweep', async () => {
      await holdOk(env.app, ada, { startsAt: at('2026-11-25', '10:00') });
      expect(
        (await holdRequest(env.app, ben, { startsAt: at('2026-11-25', '10:00') })).statusCode,
      ).toBe(409);
      env.clock.advanceMinutes(10);
      try {
        const res = await holdRequest(env.app, ben, { startsAt: at('2026-11-25', '10:00') });
        expect(res.statusCode, res.body).toBe(201);
        const statuses = await env.database.db
          .select({ status: booking.status, customer: booking.customerId })
          .from(booking)
          .where(eq(booking.startsAt, new Date(at('2026-11-25', '10:00'))));
        expect(statuses.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
          { status: 'expired', customer: ada.id },
          { status: 'held', customer: ben.id },
        ]);
      } finally {
        env.clock.advanceMinutes(-10);
      }
    });

    it('applies wallet credit, and never the same credit to two bookings', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      await giveCredit(env.database.db, cleo.id, 4500);
      const first = await holdOk(env.app, cleo, { startsAt: at('2026-11-26', '09:00') });
      expect(first).toMatchObject({ creditAppliedPence: 3000, amountDuePence: 0 });
      const second = await holdOk(env.app, cleo, { startsAt: at('2026-11-26', '13:00') });
      expect(second).toMatchObject({ creditAppliedPence: 1500, amountDuePence: 1500 });
      const third = await holdOk(env.app, cleo, { startsAt: at('2026-11-26', '15:00') });
      expect(third).toMatchObject({ creditAppliedPence: 0, amountDuePence: 3000 });
    });

    it.each([
      ['off the 15-minute grid', { startsAt: at('2026-11-24', '14:05') }],
      ['outside the availability', { startsAt: at('2026-11-24', '16:30') }],
      ['inside the booking notice', { startsAt: at('2026-11-23', '08:30') }],
      ['past the 36-day window', { startsAt: at('2027-01-05', '10:00') }],
      ['in a year PostgreSQL cannot store', { startsAt: '0000-01-01T10:00:00Z' }],
      ['ending in a year PostgreSQL cannot store', { startsAt: '9999-12-31T23:45:00Z' }],
      ['with a therapist from another city', { therapistId: 't-away' }],
      ['with an unknown therapist', { therapistId: 't-nobody' }],
      ['in an unknown city', { city: 'atlantis' }],
    ])('answers 422 for a slot %s', async (_name, options) => {
      const res = await holdRequest(env.app, ada, options);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });

    it("refuses an address outside the booking's city, on the address field", async () => {
      // Other City's therapist is based in Newcastle (NE); Ada's saved address is in Edinburgh.
      const away = (homePostcode: string | null) =>
        env.database.db.update(therapist).set({ homePostcode }).where(eq(therapist.id, 't-away'));
      await away('NE1 4ST');
      try {
        const res = await holdRequest(env.app, ada, { city: 'othercity', therapistId: 't-away' });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.headers['content-type']).toContain('application/problem+json');
        const detail =
          'EH1 1AA is not in Other City: we come to NE postcodes for Other City bookings. Choose an address in Other City.';
        expect(res.json()).toMatchObject({
          code: 'address_outside_city',
          detail,
          postcodeAreas: ['NE'],
          errors: [{ field: 'body.addressId', message: detail }],
        });
      } finally {
        await away(null);
      }
    });

    it('explains the minimum spend', async () => {
      const res = await holdRequest(env.app, ada, { therapistId: 't-cara' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        detail: 'Add £20.00 to book with Cara.',
        code: 'minimum_spend',
        shortfallPence: 2000,
      });
    });

    it("refuses another customer's address", async () => {
      const res = await holdRequest(env.app, ada, {
        addressId: ben.addressId,
        startsAt: at('2026-11-27', '10:00'),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'body.addressId', message: expect.any(String) }]);
    });

    it.each([
      ['a malformed instant', { startsAt: 'tomorrow at ten' }, 'body.startsAt'],
      ['no treatments', { treatmentIds: [] }, 'body.treatmentIds'],
      ['an unknown treatment', { treatmentIds: ['massage-60', 'nope'] }, 'body.treatmentIds'],
      ['an add-on alone', { treatmentIds: ['hot-stones'] }, 'body.treatmentIds'],
      ['a malformed address id', { addressId: 'home' }, 'body.addressId'],
      // PostgreSQL text cannot hold U+0000: these failed their first query as a 500.
      ['a NUL in the city', { city: 'test\u0000city' }, 'body.city'],
      ['a NUL in the therapist', { therapistId: 't-\u0000anna' }, 'body.therapistId'],
      ['a NUL in a treatment', { treatmentIds: ['massage-60\u0000'] }, 'body.treatmentIds.0'],
    ])('answers 400 naming the field for %s', async (_name, options, field) => {
      const res = await holdRequest(env.app, ada, options);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('answers 401 when signed out, whatever the body', async () => {
      for (const payload of [{}, { city: 'testcity' }]) {
        const res = await env.app.inject({ method: 'POST', url: '/api/bookings', payload });
        expect(res.statusCode).toBe(401);
      }
    });
  });
}
