import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, emailOutbox, payment, providerTask, walletEntry } from '../db/schema';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  at,
  giveCredit,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  withCard,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';

// The same request arriving many times at once — a double click, a retrying proxy, a second tab —
// has one effect: one transition, one email, one ledger entry, one provider call, and a clean
// answer for every copy. Races are real on PostgreSQL (a pool of connections); on PGlite the
// copies run one after another and must still change nothing the second time.

const COPIES = 10;

for (const kind of testDatabaseKinds('every')) {
  describe(`identical requests at once on ${kind}`, () => {
    let env: BookingTestEnv;
    let slot = 0;
    const nextSlot = () => {
      const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
      const times = ['09:00', '11:00', '13:00', '15:00'];
      const value = at(days[Math.floor(slot / 4)] ?? '', times[slot % 4] ?? '');
      slot++;
      return value;
    };
    const all = <T>(make: () => Promise<T>) =>
      Promise.all(Array.from({ length: COPIES }, () => make()));
    const mailsTo = async (c: BookingCustomer, subject: string) =>
      (
        await env.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, c.email), eq(emailOutbox.subject, subject)))
      ).length;
    const ledger = (bookingId: string) =>
      env.database.db.select().from(walletEntry).where(eq(walletEntry.bookingId, bookingId));

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('ten approvals of one 3-D Secure step: confirmed once, credit spent once, one email', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      await giveCredit(env.database.db, cleo.id, 1000);
      const held = await holdOk(env.app, cleo, { startsAt: nextSlot() });
      const asked = await payRequest(env.app, cleo, held.id, withCard('4000 0027 6000 3184'));
      const actionUrl = asked.json<{ actionUrl: string }>().actionUrl;
      const paymentId = new URL(actionUrl, 'http://x').searchParams.get('payment') ?? '';

      const answers = await all(() =>
        post(env.app, cleo, `/api/payments/${paymentId}/authentication`, { outcome: 'approve' }),
      );
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
        Array(COPIES).fill([200, { status: 'confirmed' }]),
      );
      const [b] = await env.database.db.select().from(booking).where(eq(booking.id, held.id));
      expect(b?.status).toBe('confirmed');
      const payments = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, held.id));
      expect(payments.map((p) => p.status)).toEqual(['succeeded']);
      expect((await ledger(held.id)).map((e) => e.amountPence)).toEqual([-1000]);
      expect(await mailsTo(cleo, 'Your booking is confirmed')).toBe(1);
    });

    it('ten cancellations: one refund, credit returned once, one email, the same answer', async () => {
      const dan = await newCustomer(env.app, env.database.db);
      await giveCredit(env.database.db, dan.id, 1000);
      const held = await holdOk(env.app, dan, { startsAt: nextSlot() });
      expect((await payRequest(env.app, dan, held.id)).statusCode).toBe(200);

      const answers = await all(() => post(env.app, dan, `/api/bookings/${held.id}/cancel`));
      const expected = {
        status: 'cancelled',
        refundPence: 3000,
        cardRefundPence: 2000,
        walletRefundPence: 1000,
      };
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
        Array(COPIES).fill([200, expected]),
      );
      expect((await ledger(held.id)).map((e) => e.amountPence).sort()).toEqual([-1000, 1000]);
      const refunds = await env.database.db
        .select()
        .from(providerTask)
        .where(and(eq(providerTask.bookingId, held.id), eq(providerTask.kind, 'refund')));
      expect(refunds.map((t) => [t.params, t.status])).toEqual([
        [{ bookingId: held.id, providerPaymentId: expect.any(String), amountPence: 2000 }, 'done'],
      ]);
      expect(await mailsTo(dan, 'Your booking is cancelled')).toBe(1);
    });

    it('ten reschedules to one time: moved once, counted once, one email', async () => {
      const eve = await newCustomer(env.app, env.database.db);
      const held = await holdOk(env.app, eve, { startsAt: nextSlot() });
      expect((await payRequest(env.app, eve, held.id)).statusCode).toBe(200);
      const to = nextSlot();

      const answers = await all(() =>
        post(env.app, eve, `/api/bookings/${held.id}/reschedule`, { startsAt: to }),
      );
      expect(answers.map((a) => [a.statusCode, a.json<{ startsAt: string }>().startsAt])).toEqual(
        Array(COPIES).fill([200, to]),
      );
      const [b] = await env.database.db.select().from(booking).where(eq(booking.id, held.id));
      expect(b?.rescheduleCount).toBe(1);
      expect(await mailsTo(eve, 'Your booking has moved')).toBe(1);
    });

    it('ten payments of a held booking: one attempt, one charge, one email', async () => {
      const fay = await newCustomer(env.app, env.database.db);
      const held = await holdOk(env.app, fay, { startsAt: nextSlot() });
      const answers = await all(() => payRequest(env.app, fay, held.id));
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
        Array(COPIES).fill([200, { status: 'confirmed' }]),
      );
      const payments = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, held.id));
      expect(payments.map((p) => [p.attempt, p.status])).toEqual([[1, 'succeeded']]);
      expect(await mailsTo(fay, 'Your booking is confirmed')).toBe(1);
    });
  });
}
