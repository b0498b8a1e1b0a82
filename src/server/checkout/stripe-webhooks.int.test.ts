import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  holdOk,
  holdRequest,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { queryRows } from '../db/query-rows';
import { booking, payment, paymentEvent } from '../db/schema';
import { testDatabaseKinds } from '../../test-support/test-database';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';

const SECRET = 'whsec_test_secret';

/** A fixed shuffle (mulberry32), so a failure replays the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

for (const kind of testDatabaseKinds('every')) {
  describe(`Stripe webhooks on ${kind}`, () => {
    let fake: FakeStripe;
    let env: BookingTestEnv;
    let ada: BookingCustomer;

    const deliver = (event: object, signature?: string) => {
      const payload = JSON.stringify(event);
      return env.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature':
            signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });
    };
    const event = (id: string, type: string, object: object) => ({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: 1795000000,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const charge = (intentId: string, amount: number, refunded: number) => ({
      id: `ch_for_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
    });

    /** A booking waiting for 3-D Secure at Stripe, which the customer then passes. */
    async function authenticatedAtStripe(startsAt: string) {
      const held = await holdOk(env.app, ada, { startsAt });
      await payRequest(env.app, ada, held.id, {
        method: 'card',
        paymentMethodId: 'pm_card_authenticationRequired',
      });
      const intent = [...fake.intents.values()].find((i) => i.metadata.bookingId === held.id);
      if (!intent) throw new Error('no intent');
      return { bookingId: held.id, intent: fake.authenticate(intent.id, true) };
    }

    async function snapshot(bookingId: string) {
      const [b] = await env.database.db.select().from(booking).where(eq(booking.id, bookingId));
      const [p] = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, bookingId));
      // Any second confirmation mail or second credit entry would show up in these counts.
      const [counts] = await queryRows<{ spent: number; mails: number }>(
        env.database.db,
        sql`select (select count(*)::int from wallet_entry where booking_id = ${bookingId}) as spent,
                   (select count(*)::int from email_outbox
                     where subject = 'Your booking is confirmed') as mails`,
      );
      return {
        status: b?.status,
        refundedPence: b?.refundedPence,
        payment: [p?.status, p?.refundedPence, p?.cardLast4],
        spent: counts?.spent,
        mails: counts?.mails,
      };
    }

    beforeAll(async () => {
      fake = await startFakeStripe();
      env = await setUpBookingTest(kind, { env: STRIPE_ENV(fake.url) });
      ada = await newCustomer(env.app, env.database.db);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await fake.close();
    });

    it('refuses a body whose signature does not match, or has none', async () => {
      const body = event('evt_forged', 'payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
      });
      const forged = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(body),
        secret: 'whsec_someone_else',
      });
      expect((await deliver(body, forged)).statusCode).toBe(400);
      const unsigned = await env.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await env.database.db.select().from(paymentEvent)).toEqual([]);
    });

    it.each([
      ['a shuffled order', 7, '2026-11-24'],
      ['the refunds before the success', 0, '2026-11-25'],
    ])(
      'applies each event once however often and in whatever order it comes: %s',
      async (_name, seed, day) => {
        const { bookingId, intent } = await authenticatedAtStripe(at(day, '10:00'));
        const events = [
          event(`evt_ok_${bookingId}`, 'payment_intent.succeeded', intent),
          event(`evt_part_${bookingId}`, 'charge.refunded', charge(intent.id, 3000, 1000)),
          event(`evt_full_${bookingId}`, 'charge.refunded', charge(intent.id, 3000, 3000)),
        ];
        const thrice = [...events, ...events, ...events];
        const order =
          seed === 0
            ? [events[2], events[1], events[0], ...shuffled(thrice, 3).slice(3)]
            : shuffled(thrice, seed);

        const seen = new Set<string>();
        let before = await snapshot(bookingId);
        for (const e of order) {
          if (!e) continue;
          const res = await deliver(e);
          expect(res.statusCode, res.body).toBe(200);
          const after = await snapshot(bookingId);
          if (seen.has(e.id)) {
            expect(res.json().result).toBe('duplicate');
            expect(after).toEqual(before);
          }
          seen.add(e.id);
          before = after;
        }
        expect(before).toMatchObject({
          status: 'confirmed',
          refundedPence: 3000,
          payment: ['refunded', 3000, '3184'],
        });
        const recorded = await env.database.db.select().from(paymentEvent);
        expect(recorded.filter((r) => r.providerEventId.endsWith(bookingId))).toHaveLength(3);
      },
    );

    it('refunds a payment that succeeds after its hold was released', async () => {
      const startsAt = at('2026-11-26', '10:00');
      const { bookingId, intent } = await authenticatedAtStripe(startsAt);
      env.clock.advanceMinutes(11);
      try {
        // Someone else takes the time; the stale hold is expired in their transaction.
        const ben = await newCustomer(env.app, env.database.db);
        expect((await holdRequest(env.app, ben, { startsAt })).statusCode).toBe(201);
        const res = await deliver(
          event(`evt_late_${bookingId}`, 'payment_intent.succeeded', intent),
        );
        expect(res.json().result).toBe('applied');
        const [b] = await env.database.db.select().from(booking).where(eq(booking.id, bookingId));
        expect(b?.status).toBe('expired');
        const refund = fake.refunds.find((r) => r.params.payment_intent === intent.id);
        expect(refund?.params.amount).toBe('3000');
        const [p] = await env.database.db
          .select()
          .from(payment)
          .where(eq(payment.bookingId, bookingId));
        expect(p).toMatchObject({ status: 'refunded', refundedPence: 3000 });
      } finally {
        env.clock.advanceMinutes(-11);
      }
    });

    /** An intent Stripe has for a booking of ours, though our records of the payment were lost. */
    function orphanIntent(bookingId: string, amount: number) {
      return {
        id: `pi_orphan_${bookingId.slice(0, 8)}`,
        object: 'payment_intent',
        amount,
        currency: 'gbp',
        status: 'succeeded',
        metadata: { bookingId },
        payment_method: null,
      };
    }

    it('settles a payment it has no record of from its metadata: confirmed while the slot is ours', async () => {
      const held = await holdOk(env.app, ada, { startsAt: at('2026-11-27', '10:00') });
      const intent = orphanIntent(held.id, 3000);
      const res = await deliver(event(`evt_orphan_${held.id}`, 'payment_intent.succeeded', intent));
      expect(res.json().result).toBe('applied');
      const [b] = await env.database.db.select().from(booking).where(eq(booking.id, held.id));
      expect(b?.status).toBe('confirmed');
      const rows = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, held.id));
      expect(rows.map((p) => [p.providerPaymentId, p.status, p.amountPence])).toEqual([
        [intent.id, 'succeeded', 3000],
      ]);
    });

    it('settles a payment it has no record of from its metadata: refunded when the slot is gone', async () => {
      const held = await holdOk(env.app, ada, { startsAt: at('2026-11-27', '12:00') });
      await env.database.db
        .update(booking)
        .set({ status: 'expired' })
        .where(eq(booking.id, held.id));
      const intent = orphanIntent(held.id, 3000);
      const res = await deliver(event(`evt_orphan_${held.id}`, 'payment_intent.succeeded', intent));
      expect(res.json().result).toBe('applied');
      const refund = fake.refunds.find((r) => r.params.payment_intent === intent.id);
      expect(refund?.params.amount).toBe('3000');
      const [p] = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, held.id));
      expect(p).toMatchObject({ status: 'refunded', refundedPence: 3000 });
    });

    it('applies one event delivered ten times at once exactly once', async () => {
      const { bookingId, intent } = await authenticatedAtStripe(at('2026-11-27', '14:00'));
      const before = await snapshot(bookingId);
      const succeeded = event(`evt_many_${bookingId}`, 'payment_intent.succeeded', intent);
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(succeeded)));
      expect(answers.map((a) => a.json().result).sort()).toEqual([
        'applied',
        ...Array(9).fill('duplicate'),
      ]);
      const after = await snapshot(bookingId);
      expect(after).toMatchObject({ status: 'confirmed', spent: 0 });
      expect(after.mails).toBe((before.mails ?? 0) + 1);
    });

    it('ignores events about payments that are not ours, once', async () => {
      const unknown = event('evt_unknown', 'payment_intent.succeeded', {
        id: 'pi_elsewhere',
        object: 'payment_intent',
        metadata: {},
      });
      expect((await deliver(unknown)).json().result).toBe('ignored');
      expect((await deliver(unknown)).json().result).toBe('duplicate');
      expect(
        (await deliver(event('evt_other', 'customer.created', { id: 'cus_1' }))).json().result,
      ).toBe('ignored');
    });
  });
}
