import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { booking, bookingChange, emailOutbox, payment, walletEntry } from '../db/schema';
import { MIGRATIONS_FOLDER } from '../db/client';
import { queryRows } from '../db/query-rows';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  at,
  getJson,
  giveCredit,
  holdOk,
  holdRequest,
  newCustomer,
  NOW,
  payRequest,
  post,
  setUpBookingTest,
  withCard,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';

const HOUR = 3_600_000;

for (const kind of testDatabaseKinds('every')) {
  describe(`cancelling, rescheduling and the appointments list on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let ben: BookingCustomer;

    const book = async (c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(env.app, c, { startsAt });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const cancel = (c: BookingCustomer, id: string) =>
      post(env.app, c, `/api/bookings/${id}/cancel`);
    const view = async (c: BookingCustomer, id: string) =>
      (await getJson(env.app, c, `/api/bookings/${id}`)).json();
    const balance = async (userId: string) => {
      const [row] = await queryRows<{ sum: string }>(
        env.database.db,
        sql`select coalesce(sum(amount_pence), 0) as sum from wallet_entry where user_id = ${userId}`,
      );
      return Number(row?.sum);
    };

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ada = await newCustomer(env.app, env.database.db);
      ben = await newCustomer(env.app, env.database.db);
    });
    beforeEach(() => env.clock.set(NOW.toISOString()));
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('migration 0017 turns a hold let go before decision 0081 into an expired one', async () => {
      const eve = await newCustomer(env.app, env.database.db);
      const letGo = await holdOk(env.app, eve, { startsAt: at('2026-11-28', '09:00') });
      const paid = await book(eve, at('2026-11-28', '15:00'));
      await cancel(eve, paid);
      // What letting go of a hold wrote before: a cancellation without a payment method.
      await env.database.db
        .update(booking)
        .set({
          status: 'cancelled',
          cancelledAt: NOW,
          cancelledBy: 'customer',
          holdExpiresAt: null,
        })
        .where(eq(booking.id, letGo.id));
      const migration = await readFile(
        path.join(MIGRATIONS_FOLDER, '0017_unpaid_holds_expired.sql'),
        'utf8',
      );
      await env.database.db.execute(sql.raw(migration));
      const rows = await env.database.db
        .select()
        .from(booking)
        .where(inArray(booking.id, [letGo.id, paid]));
      const byId = new Map(rows.map((r) => [r.id, [r.status, r.cancelledBy]]));
      expect(byId.get(letGo.id)).toEqual(['expired', null]);
      // A paid booking that was cancelled stays a cancellation.
      expect(byId.get(paid)).toEqual(['cancelled', 'customer']);
    });

    it('cancels for free more than 24 hours ahead: card refunded, credit back in the wallet', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      await giveCredit(env.database.db, cleo.id, 1000);
      const startsAt = at('2026-11-26', '10:00');
      const id = await book(cleo, startsAt);
      expect(await balance(cleo.id)).toBe(0);
      expect((await view(cleo, id)).cancellation).toEqual({
        allowed: true,
        refundPence: 3000,
        refundPercent: 100,
        cardRefundPence: 2000,
        walletRefundPence: 1000,
      });

      const res = await cancel(cleo, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: 'cancelled',
        refundPence: 3000,
        cardRefundPence: 2000,
        walletRefundPence: 1000,
      });
      expect(await balance(cleo.id)).toBe(1000);
      const after = await view(cleo, id);
      expect(after).toMatchObject({
        status: 'cancelled',
        refundedPence: 3000,
        canReschedule: false,
      });
      expect(after.cancellation.allowed).toBe(false);
      expect(after.payment).toMatchObject({ status: 'refunded' });
      // Cancelling again answers the same and moves no more money.
      expect((await cancel(cleo, id)).json()).toEqual(res.json());
      expect(await balance(cleo.id)).toBe(1000);
      // The time is free for someone else, and the customer was told.
      expect((await holdRequest(env.app, ben, { startsAt })).statusCode).toBe(201);
      const mail = await env.database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, cleo.email),
            eq(emailOutbox.subject, 'Your booking is cancelled'),
          ),
        );
      expect(mail).toHaveLength(1);
      expect(JSON.stringify(mail[0]?.attachments)).toContain('METHOD:CANCEL');
    });

    it.each([
      ['exactly 24 hours before', 24 * HOUR, 100, 3000, 'refunded'],
      ['13 hours before', 13 * HOUR, 50, 1500, 'partially_refunded'],
      ['exactly 2 hours before', 2 * HOUR, 50, 1500, 'partially_refunded'],
      ['an hour before', HOUR, 0, 0, 'succeeded'],
    ])('refunds by the policy %s', async (_name, lead, percent, refund, paymentStatus) => {
      const day = {
        100: '2026-11-27',
        50: lead === 2 * HOUR ? '2026-11-25' : '2026-11-24',
        0: '2026-11-28',
      }[percent];
      const startsAt = at(day ?? '2026-11-28', '14:00');
      const id = await book(ada, startsAt);
      env.clock.set(new Date(Date.parse(startsAt) - lead).toISOString());
      expect((await view(ada, id)).cancellation).toMatchObject({
        allowed: true,
        refundPercent: percent,
        refundPence: refund,
      });
      const res = await cancel(ada, id);
      expect(res.json()).toMatchObject({ status: 'cancelled', refundPence: refund });
      const [row] = await env.database.db.select().from(payment).where(eq(payment.bookingId, id));
      expect(row).toMatchObject({ status: paymentStatus, refundedPence: refund });
    });

    it('refuses to cancel an appointment that has started', async () => {
      const startsAt = at('2026-11-24', '15:45');
      const id = await book(ada, startsAt);
      env.clock.set(startsAt);
      const res = await cancel(ada, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('already_started');
    });

    it('lets go of a hold or a payment waiting for the bank: expired, never a cancellation', async () => {
      const startsAt = at('2026-11-25', '09:00');
      const held = await holdOk(env.app, ada, { startsAt });
      expect((await cancel(ada, held.id)).json()).toMatchObject({
        status: 'expired',
        refundPence: 0,
      });
      const waiting = await holdOk(env.app, ben, { startsAt });
      await payRequest(env.app, ben, waiting.id, withCard('4000 0027 6000 3184'));
      expect((await cancel(ben, waiting.id)).json()).toMatchObject({
        status: 'expired',
        refundPence: 0,
      });
      // Never paid, so no appointment: no cancellation in the company's records or their change
      // feed (booking_change), no email, nothing in the customer's list.
      const ids = [held.id, waiting.id];
      const rows = await env.database.db.select().from(booking).where(inArray(booking.id, ids));
      expect(rows.map((r) => [r.status, r.cancelledAt, r.cancelledBy])).toEqual([
        ['expired', null, null],
        ['expired', null, null],
      ]);
      const changes = await env.database.db
        .select()
        .from(bookingChange)
        .where(inArray(bookingChange.bookingId, ids));
      expect(changes.map((c) => c.toStatus)).not.toContain('cancelled');
      const mail = await env.database.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `booking-${held.id}-%`));
      expect(mail).toEqual([]);
      expect((await getJson(env.app, ada, '/api/me/appointments')).body).not.toContain(held.id);
      const [p] = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, waiting.id));
      expect(p?.status).toBe('canceled');
      expect((await holdRequest(env.app, ada, { startsAt })).statusCode).toBe(201);
    });

    it('reschedules to a free offered time with the same therapist, atomically', async () => {
      const from = at('2026-11-26', '15:00');
      const id = await book(ada, from);
      const to = at('2026-11-27', '09:00');
      const res = await post(env.app, ada, `/api/bookings/${id}/reschedule`, { startsAt: to });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        status: 'confirmed',
        startsAt: to,
        totalPricePence: 3000,
      });
      // Overlapping its own current time is fine: only other bookings count.
      const nudged = at('2026-11-27', '09:30');
      expect(
        (await post(env.app, ada, `/api/bookings/${id}/reschedule`, { startsAt: nudged }))
          .statusCode,
      ).toBe(200);
      expect((await holdRequest(env.app, ben, { startsAt: from })).statusCode).toBe(201);
      expect((await holdRequest(env.app, ben, { startsAt: nudged })).statusCode).toBe(409);
      const mails = await env.database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, ada.email),
            eq(emailOutbox.subject, 'Your booking has moved'),
          ),
        );
      expect(mails).toHaveLength(2);
      expect(JSON.stringify(mails.map((m) => m.attachments))).toContain('SEQUENCE:2');
    });

    it('refuses a reschedule that is taken (409), not offered (422) or too late (422)', async () => {
      const id = await book(ada, at('2026-11-28', '09:00'));
      await holdOk(env.app, ben, { startsAt: at('2026-11-28', '11:00') });
      const move = (startsAt: string) =>
        post(env.app, ada, `/api/bookings/${id}/reschedule`, { startsAt });
      expect((await move(at('2026-11-28', '11:15'))).statusCode).toBe(409);
      const offGrid = await move(at('2026-11-28', '12:10'));
      expect(offGrid.statusCode).toBe(422);
      expect(offGrid.json().errors[0].field).toBe('body.startsAt');
      expect((await move('0000-01-01T10:00:00Z')).statusCode).toBe(422);
      expect((await move('soon')).statusCode).toBe(400);
      env.clock.set(new Date(Date.parse(at('2026-11-28', '09:00')) - 23 * HOUR).toISOString());
      const late = await move(at('2026-11-28', '13:00'));
      expect(late.statusCode).toBe(422);
      expect(late.json().code).toBe('reschedule_too_late');
      const held = await holdOk(env.app, ada, { startsAt: at('2026-11-28', '15:00') });
      const unconfirmed = await post(env.app, ada, `/api/bookings/${held.id}/reschedule`, {
        startsAt: at('2026-11-28', '15:15'),
      });
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json().code).toBe('booking_not_confirmed');
    });

    it('lists upcoming appointments soonest first and past or cancelled ones latest first', async () => {
      const dora = await newCustomer(env.app, env.database.db);
      const later = await book(dora, at('2026-11-26', '12:00'));
      const sooner = await book(dora, at('2026-11-25', '12:00'));
      const cancelled = await book(dora, at('2026-11-27', '12:00'));
      await cancel(dora, cancelled);
      await holdOk(env.app, dora, { startsAt: at('2026-11-27', '15:00') }); // a hold is not an appointment
      // Nor is one let go (Back during payment): it is no cancelled appointment either.
      const letGo = await holdOk(env.app, dora, { startsAt: at('2026-11-24', '11:00') });
      await cancel(dora, letGo.id);
      const list = (await getJson(env.app, dora, '/api/me/appointments')).json<{
        upcoming: { id: string }[];
        past: { id: string; status: string }[];
      }>();
      expect(list.upcoming.map((b) => b.id)).toEqual([sooner, later]);
      expect(list.past.map((b) => [b.id, b.status])).toEqual([[cancelled, 'cancelled']]);
      env.clock.set(at('2026-11-25', '13:00'));
      const afterOne = (await getJson(env.app, dora, '/api/me/appointments')).json<typeof list>();
      expect(afterOne.upcoming.map((b) => b.id)).toEqual([later]);
      expect(afterOne.past.map((b) => b.id)).toEqual([cancelled, sooner]);
      expect(
        (await getJson(env.app, ada, '/api/me/appointments'))
          .json()
          .upcoming.map((b: { id: string }) => b.id),
      ).not.toContain(later);
      const spent = await env.database.db
        .select()
        .from(walletEntry)
        .where(eq(walletEntry.userId, dora.id));
      expect(spent).toEqual([]);
    });
  });
}
