import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, businessPayment, emailOutbox, payment, walletEntry } from '../db/schema';
import { setTestCustomerFlags } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  at,
  CARD,
  getJson,
  giveCredit,
  holdOk,
  holdRequest,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  withCard,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';

for (const kind of testDatabaseKinds('every')) {
  describe(`paying for a booking on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let ben: BookingCustomer;
    let slot = 0;
    // Every test takes its own start time, so tests never share a slot. Two hours apart: a
    // booking's treatments and 15-minute turnaround (75 or 90 minutes), then the 30-minute journey
    // between two homes in one district (docs/decisions/0077).
    const nextSlot = () => {
      const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
      const times = ['09:00', '11:00', '13:00', '15:00'];
      const day = days[Math.floor(slot / times.length)];
      const time = times[slot % times.length];
      slot++;
      if (!day || !time) throw new Error('out of test slots');
      return at(day, time);
    };
    const paymentsOf = (bookingId: string) =>
      env.database.db.select().from(payment).where(eq(payment.bookingId, bookingId));
    const statusOf = async (bookingId: string) =>
      (await env.database.db.select().from(booking).where(eq(booking.id, bookingId)))[0]?.status;

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
      ben = await newCustomer(env.app, env.database.db);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('confirms with 4242…, shows the booking and sends an email with a calendar file', async () => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, {
        startsAt,
        treatmentIds: ['massage-60', 'hot-stones'],
      });
      const paid = await payRequest(env.app, ada, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toEqual({ status: 'confirmed' });

      const view = await getJson(env.app, ada, `/api/bookings/${held.id}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({
        id: held.id,
        status: 'confirmed',
        city: 'testcity',
        therapist: { id: 't-anna', name: 'Anna', username: 'anna' },
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 75 * 60_000).toISOString(),
        items: [
          {
            treatmentId: 'massage-60',
            name: 'Massage',
            pricePence: 3000,
            durationMinutes: 60,
            isAddOn: false,
          },
          {
            treatmentId: 'hot-stones',
            name: 'Hot Stones',
            pricePence: 1000,
            durationMinutes: 15,
            isAddOn: true,
          },
        ],
        totalPricePence: 4000,
        totalDurationMinutes: 90,
        amountDuePence: 4000,
        refundedPence: 0,
        address: { line1: '1 Test Street', town: 'Test City', postcode: 'EH1 1AA' },
        holdExpiresAt: null,
        payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242', status: 'succeeded' },
        cancellation: { allowed: true, refundPence: 4000, refundPercent: 100 },
        canReschedule: true,
      });

      const mails = await env.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, ada.email));
      const confirmation = mails.find((m) => m.subject === 'Your booking is confirmed');
      expect(confirmation?.textBody).toContain('Hello Ada Lovelace');
      const [ics] = confirmation?.attachments as { filename: string; content: string }[];
      expect(ics?.filename).toBe('booking.ics');
      expect(ics?.content).toContain('BEGIN:VEVENT');
      expect(ics?.content).toContain(`UID:booking-${held.id}@`);
      expect(ics?.content).toMatch(/DTSTART:20261124T090000Z/);
      // Nothing of the card but its last four digits is kept anywhere.
      const [row] = await paymentsOf(held.id);
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
      expect(JSON.stringify(mails)).not.toContain('4242 4242 4242 4242');
    });

    it('pays once however often it is asked, one after another or all at once', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => payRequest(env.app, ada, held.id)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.json().status)).toEqual(Array(5).fill('confirmed'));
      const again = await payRequest(env.app, ada, held.id, withCard('4000 0000 0000 0002'));
      expect(again.json()).toEqual({ status: 'confirmed' });
      expect(await paymentsOf(held.id)).toHaveLength(1);
    });

    it.each([
      ['4000 0000 0000 0002', 'Your card was declined.', 'card_declined'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds.', 'insufficient_funds'],
    ])(
      'answers 402 for %s, charges nothing and keeps the hold for another card',
      async (number, reason, code) => {
        const startsAt = nextSlot();
        const held = await holdOk(env.app, ada, { startsAt });
        const res = await payRequest(env.app, ada, held.id, withCard(number));
        expect(res.statusCode).toBe(402);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({
          status: 402,
          detail: `${reason} Nothing was charged, and your time is still held for you.`,
          code,
          slotReleased: false,
        });
        expect(await statusOf(held.id)).toBe('held');
        // Nobody else can take the time while the customer tries another card.
        expect((await holdRequest(env.app, ben, { startsAt })).statusCode).toBe(409);
        const retry = await payRequest(env.app, ada, held.id);
        expect(retry.json()).toEqual({ status: 'confirmed' });
        expect((await paymentsOf(held.id)).map((p) => p.status).sort()).toEqual([
          'failed',
          'succeeded',
        ]);
      },
    );

    it('releases a declined booking once its hold has run out', async () => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, { startsAt });
      await payRequest(env.app, ada, held.id, withCard('4000 0000 0000 0002'));
      env.clock.advanceMinutes(11);
      try {
        expect((await payRequest(env.app, ada, held.id)).statusCode).toBe(410);
        expect(await holdOk(env.app, ben, { startsAt })).toBeTruthy();
      } finally {
        env.clock.advanceMinutes(-11);
      }
    });

    it('checks the card before any provider sees it', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const cases: [Record<string, unknown>, string][] = [
        [{ ...CARD, number: '4242 4242 4242 4241' }, 'body.card.number'],
        [{ ...CARD, expMonth: 10, expYear: 2026 }, 'body.card.expYear'],
        [{ ...CARD, expMonth: 13 }, 'body.card.expMonth'],
        [{ ...CARD, expYear: 99_999_999_999 }, 'body.card.expYear'],
        [{ ...CARD, cvc: '12' }, 'body.card.cvc'],
      ];
      for (const [card, field] of cases) {
        const res = await payRequest(env.app, ada, held.id, {
          method: 'card',
          card,
          saveCard: false,
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
        expect(res.body).not.toContain('4242');
      }
      expect(await statusOf(held.id)).toBe('held');
      expect(await paymentsOf(held.id)).toHaveLength(0);
      const missing = await payRequest(env.app, ada, held.id, { method: 'card' });
      expect(missing.statusCode).toBe(400);
      const unknownMethod = await payRequest(env.app, ada, held.id, { method: 'cash' });
      expect(unknownMethod.statusCode).toBe(400);
    });

    it('3-D Secure: approved at the bank page confirms; paying again while waiting repeats the link', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const res = await payRequest(env.app, ada, held.id, withCard('4000 0027 6000 3184'));
      expect(res.statusCode).toBe(200);
      const body = res.json<{ status: string; actionUrl: string }>();
      expect(body.status).toBe('requires_action');
      const paymentId = new URL(body.actionUrl, 'http://x').searchParams.get('payment') ?? '';
      expect(body.actionUrl).toBe(`/authorisation/confirm?booking=${held.id}&payment=${paymentId}`);
      expect((await payRequest(env.app, ada, held.id)).json()).toEqual(body);

      const page = await getJson(env.app, ada, `/api/payments/${paymentId}/authentication`);
      expect(page.json()).toMatchObject({
        bookingId: held.id,
        amountPence: 3000,
        currency: 'GBP',
        merchant: 'Glow at Home',
        therapistName: 'Anna',
        cardLast4: '3184',
        status: 'requires_action',
      });
      expect(
        (await getJson(env.app, ben, `/api/payments/${paymentId}/authentication`)).statusCode,
      ).toBe(404);
      expect(
        (
          await post(env.app, ben, `/api/payments/${paymentId}/authentication`, {
            outcome: 'approve',
          })
        ).statusCode,
      ).toBe(404);

      const approved = await post(env.app, ada, `/api/payments/${paymentId}/authentication`, {
        outcome: 'approve',
      });
      expect(approved.json()).toEqual({ status: 'confirmed' });
      expect(await statusOf(held.id)).toBe('confirmed');
      const twice = await post(env.app, ada, `/api/payments/${paymentId}/authentication`, {
        outcome: 'fail',
      });
      expect(twice.json()).toEqual({ status: 'confirmed' });
    });

    it('3-D Secure: failed at the bank page answers 402 and keeps the hold, as a decline does', async () => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, { startsAt });
      const { actionUrl } = (
        await payRequest(env.app, ada, held.id, withCard('4000 0027 6000 3184'))
      ).json();
      const paymentId = new URL(actionUrl, 'http://x').searchParams.get('payment');
      const hold = async () =>
        (await env.database.db.select().from(booking).where(eq(booking.id, held.id)))[0];
      const expiry = (await hold())?.holdExpiresAt;
      const failed = await post(env.app, ada, `/api/payments/${paymentId}/authentication`, {
        outcome: 'fail',
      });
      expect(failed.statusCode).toBe(402);
      expect(failed.json()).toMatchObject({
        code: 'authentication_failed',
        slotReleased: false,
        detail: expect.stringMatching(/still held/),
      });
      expect(await hold()).toMatchObject({ status: 'held', holdExpiresAt: expiry });
      expect((await holdRequest(env.app, ben, { startsAt })).statusCode).toBe(409);
      expect((await payRequest(env.app, ada, held.id)).json()).toEqual({ status: 'confirmed' });
    });

    it('answers 410 when the hold ran out before paying, and releases it', async () => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, { startsAt });
      env.clock.advanceMinutes(11);
      try {
        const res = await payRequest(env.app, ada, held.id);
        expect(res.statusCode).toBe(410);
        expect(res.json()).toMatchObject({
          code: 'hold_expired',
          detail: expect.stringMatching(/ran out/),
        });
        expect(await statusOf(held.id)).toBe('expired');
        expect(await paymentsOf(held.id)).toHaveLength(0);
      } finally {
        env.clock.advanceMinutes(-11);
      }
    });

    it('saves a card on request, lists it, pays with it and forgets it', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      const held = await holdOk(env.app, cleo, { startsAt: nextSlot() });
      expect(
        (await payRequest(env.app, cleo, held.id, withCard('5555 5555 5555 4444', true)))
          .statusCode,
      ).toBe(200);
      const cards = (await getJson(env.app, cleo, '/api/me/cards')).json<{
        cards: { id: string }[];
      }>().cards;
      expect(cards).toEqual([
        { id: expect.any(String), brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 },
      ]);
      const cardId = cards[0]?.id ?? '';

      const next = await holdOk(env.app, cleo, { startsAt: nextSlot() });
      const stolen = await payRequest(
        env.app,
        ada,
        (await holdOk(env.app, ada, { startsAt: nextSlot() })).id,
        { method: 'saved-card', cardId },
      );
      expect(stolen.statusCode).toBe(422);
      expect(stolen.json().code).toBe('unknown_card');
      const res = await payRequest(env.app, cleo, next.id, { method: 'saved-card', cardId });
      expect(res.json()).toEqual({ status: 'confirmed' });
      expect(
        (await getJson(env.app, cleo, `/api/bookings/${next.id}`)).json().payment,
      ).toMatchObject({ method: 'saved-card', cardLast4: '4444' });

      expect(
        (
          await env.app.inject({
            method: 'DELETE',
            url: `/api/me/cards/${cardId}`,
            headers: ada.headers,
          })
        ).statusCode,
      ).toBe(404);
      const deleted = await env.app.inject({
        method: 'DELETE',
        url: `/api/me/cards/${cardId}`,
        headers: cleo.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await getJson(env.app, cleo, '/api/me/cards')).json()).toEqual({ cards: [] });
    });

    it('confirms a booking covered by credit without a card, spending the credit once', async () => {
      const dora = await newCustomer(env.app, env.database.db);
      await giveCredit(env.database.db, dora.id, 5000);
      const held = await holdOk(env.app, dora, { startsAt: nextSlot() });
      expect(held.amountDuePence).toBe(0);
      const res = await payRequest(env.app, dora, held.id, { method: 'invoice' });
      expect(res.json()).toEqual({ status: 'confirmed' });
      await payRequest(env.app, dora, held.id);
      const entries = await env.database.db
        .select()
        .from(walletEntry)
        .where(eq(walletEntry.userId, dora.id));
      expect(entries.map((e) => e.amountPence).sort()).toEqual([-3000, 5000]);
    });

    it('pays by invoice only for a business account set to invoice', async () => {
      const firm = await newCustomer(env.app, env.database.db, { accountType: 'business' });
      const held = await holdOk(env.app, firm, { startsAt: nextSlot() });
      const refused = await payRequest(env.app, firm, held.id, { method: 'invoice' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('invoice_not_allowed');
      expect(
        (
          await payRequest(
            env.app,
            ada,
            (await holdOk(env.app, ada, { startsAt: nextSlot() })).id,
            { method: 'invoice' },
          )
        ).statusCode,
      ).toBe(422);

      await env.database.db
        .insert(businessPayment)
        .values({ userId: firm.id, arrangement: 'invoice' });
      await setTestCustomerFlags(env.database.db, firm.id, { accountType: 'business' });
      const res = await payRequest(env.app, firm, held.id, { method: 'invoice' });
      expect(res.json()).toEqual({ status: 'confirmed' });
      const view = (await getJson(env.app, firm, `/api/bookings/${held.id}`)).json();
      expect(view.payment).toMatchObject({ method: 'invoice', status: 'invoiced' });
    });

    it('hides every booking and payment route of one customer from another (404)', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const id = held.id;
      const answers = [
        await getJson(env.app, ben, `/api/bookings/${id}`),
        await payRequest(env.app, ben, id),
        await getJson(env.app, ben, `/api/bookings/${id}/payment-status`),
        await post(env.app, ben, `/api/bookings/${id}/cancel`),
        await post(env.app, ben, `/api/bookings/${id}/reschedule`, { startsAt: nextSlot() }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
      expect(await statusOf(id)).toBe('held');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await getJson(env.app, ada, `/api/bookings/${unknown}`)).statusCode).toBe(404);
      expect((await getJson(env.app, ada, '/api/bookings/not-an-id')).statusCode).toBe(400);
      for (const url of [`/api/bookings/${id}`, '/api/me/appointments', '/api/me/cards']) {
        expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });

    it('tells a held booking from a declined one in the payment status', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      expect(
        (await getJson(env.app, ada, `/api/bookings/${held.id}/payment-status`)).json(),
      ).toMatchObject({
        status: 'held',
        paymentStatus: null,
      });
      await payRequest(env.app, ada, held.id, withCard('4000 0000 0000 9995'));
      // Declined at once: the hold stays for another card, and the status says why the first failed.
      expect(
        (await getJson(env.app, ada, `/api/bookings/${held.id}/payment-status`)).json(),
      ).toMatchObject({
        status: 'held',
        paymentStatus: 'failed',
        detail: 'Your card has insufficient funds.',
      });
    });

    it('keeps a slot taken by a paid booking', async () => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, { startsAt });
      await payRequest(env.app, ada, held.id);
      env.clock.advanceMinutes(30);
      try {
        expect((await holdRequest(env.app, ben, { startsAt })).statusCode).toBe(409);
      } finally {
        env.clock.advanceMinutes(-30);
      }
    });
  });
}
