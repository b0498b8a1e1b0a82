import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  at,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { seededRandom } from '../../test-support/crash-traffic';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import { buyRequest, giftCardOrder } from '../../test-support/gift-card-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  booking,
  bookingChange,
  emailOutbox,
  giftCard,
  payment,
  paymentEvent,
  providerTask,
  walletEntry,
} from '../db/schema';

// Every event type the Stripe provider handles (handle-stripe-event.ts: payment_intent.succeeded,
// .payment_failed, .canceled and charge.refunded, plus one it ignores), about bookings and gift
// cards, delivered three times each in a seeded shuffle, must leave the database exactly as one
// delivery of each in Stripe's order does. Two identical worlds are built on fresh databases
// with the same clock; one gets the clean delivery, the other the replay, and their snapshots of
// bookings, payments, the ledger, gift cards, outbox, provider calls and booking history are
// compared whole (ids and database-clock timestamps left out: they differ between two databases).

const SECRET = 'whsec_test_secret';
const SEED = Number(process.env.REPLAY_SEED ?? 15);

type StripeEventBody = { id: string; type: string; data: { object: object } };

function stripeEvent(id: string, type: string, object: object) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: 1795000000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

const chargeOf = (intentId: string, amount: number, refunded: number) => ({
  id: `ch_for_${intentId}`,
  object: 'charge',
  payment_intent: intentId,
  amount,
  amount_refunded: refunded,
  refunded: refunded >= amount,
});

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface World {
  env: BookingTestEnv;
  fake: FakeStripe;
  ada: BookingCustomer;
  /** Scenario name → the booking's or gift card's id in this world. */
  subjects: Map<string, { bookingId?: string; giftCardId?: string }>;
  /** Each scenario's events in the order Stripe sends them. */
  events: StripeEventBody[];
}

/**
 * Bookings and gift cards in every state a webhook can find them, and the events Stripe sends
 * about them. Event ids are per scenario, so the two worlds send the same ids.
 */
async function buildWorld(kind: Parameters<typeof setUpBookingTest>[0]): Promise<World> {
  const fake = await startFakeStripe();
  const env = await setUpBookingTest(kind, { env: STRIPE_ENV(fake.url) });
  const ada = await newCustomer(env.app, env.database.db);
  const subjects: World['subjects'] = new Map();
  const events: StripeEventBody[] = [];
  const add = (name: string, type: string, object: object) =>
    events.push(stripeEvent(`evt_${name}_${events.length}`, type, object));
  const intentOf = (key: 'bookingId' | 'giftCardId', id: string) => {
    const intent = [...fake.intents.values()].find((i) => i.metadata[key] === id);
    if (!intent) throw new Error(`no intent for ${id}`);
    return intent;
  };

  /** A booking waiting at the bank's 3-D Secure page. */
  const bookingAtBank = async (name: string, day: string) => {
    const held = await holdOk(env.app, ada, { startsAt: at(day, '10:00') });
    const paid = await payRequest(env.app, ada, held.id, {
      method: 'card',
      paymentMethodId: 'pm_card_authenticationRequired',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    subjects.set(name, { bookingId: held.id });
    return intentOf('bookingId', held.id);
  };
  const giftCardAtBank = async (name: string) => {
    const order = giftCardOrder({
      card: undefined,
      paymentMethodId: 'pm_card_authenticationRequired',
      sendOn: '2026-11-23',
    });
    const bought = await buyRequest(env.app, ada, order);
    expect(bought.statusCode, bought.body).toBe(200);
    subjects.set(name, { giftCardId: String(order.orderId) });
    return intentOf('giftCardId', String(order.orderId));
  };

  const approved = await bookingAtBank('booking-approved', '2026-11-24');
  add('booking-approved', 'payment_intent.succeeded', fake.authenticate(approved.id, true));

  const refused = await bookingAtBank('booking-auth-failed', '2026-11-25');
  add('booking-auth-failed', 'payment_intent.payment_failed', fake.authenticate(refused.id, false));

  const abandoned = await bookingAtBank('booking-canceled', '2026-11-26');
  add('booking-canceled', 'payment_intent.canceled', { ...abandoned, status: 'canceled' });

  // Paid, then refunded in two parts from Stripe's dashboard.
  const dashboard = await bookingAtBank('booking-dashboard-refund', '2026-11-27');
  const dashboardPaid = { ...fake.authenticate(dashboard.id, true) };
  add('booking-dashboard-refund', 'payment_intent.succeeded', dashboardPaid);
  add('booking-dashboard-refund', 'charge.refunded', chargeOf(dashboard.id, 3000, 1000));
  add('booking-dashboard-refund', 'charge.refunded', chargeOf(dashboard.id, 3000, 3000));

  // Paid at once and cancelled by the customer: Stripe echoes the payment and our refund.
  const held = await holdOk(env.app, ada, { startsAt: at('2026-11-28', '10:00') });
  const paid = await payRequest(env.app, ada, held.id, {
    method: 'card',
    paymentMethodId: 'pm_card_visa',
  });
  expect(paid.json()).toMatchObject({ status: 'confirmed' });
  const cancelled = await env.app.inject({
    method: 'POST',
    url: `/api/bookings/${held.id}/cancel`,
    headers: ada.headers,
    payload: {},
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  subjects.set('booking-cancelled-by-customer', { bookingId: held.id });
  const echoed = intentOf('bookingId', held.id);
  add('booking-cancelled-by-customer', 'payment_intent.succeeded', echoed);
  add('booking-cancelled-by-customer', 'charge.refunded', chargeOf(echoed.id, 3000, 3000));

  // A payment our records lost: Stripe's metadata names the booking.
  const orphan = await holdOk(env.app, ada, { startsAt: at('2026-11-24', '14:00') });
  subjects.set('booking-orphan', { bookingId: orphan.id });
  add('booking-orphan', 'payment_intent.succeeded', {
    id: 'pi_orphan',
    object: 'payment_intent',
    amount: 3000,
    currency: 'gbp',
    status: 'succeeded',
    metadata: { bookingId: orphan.id },
    payment_method: null,
  });

  const card = await giftCardAtBank('gift-card-approved');
  add('gift-card-approved', 'payment_intent.succeeded', fake.authenticate(card.id, true));
  const cardRefused = await giftCardAtBank('gift-card-auth-failed');
  add(
    'gift-card-auth-failed',
    'payment_intent.payment_failed',
    fake.authenticate(cardRefused.id, false),
  );
  const cardAbandoned = await giftCardAtBank('gift-card-canceled');
  add('gift-card-canceled', 'payment_intent.canceled', { ...cardAbandoned, status: 'canceled' });
  const cardBack = await giftCardAtBank('gift-card-refunded');
  add('gift-card-refunded', 'payment_intent.succeeded', {
    ...fake.authenticate(cardBack.id, true),
  });
  add('gift-card-refunded', 'charge.refunded', chargeOf(cardBack.id, 5000, 5000));

  add('not-ours', 'customer.created', { id: 'cus_1', object: 'customer' });
  return { env, fake, ada, subjects, events };
}

async function deliver(world: World, event: StripeEventBody) {
  const payload = JSON.stringify(event);
  const res = await world.env.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: string }>().result;
}

/** Everything a webhook could change, per scenario, without ids or database-clock times. */
async function snapshot(world: World) {
  const db = world.env.database.db;
  const out: Record<string, object> = {};
  for (const [name, { bookingId, giftCardId }] of world.subjects) {
    const bookings = bookingId
      ? await db.select().from(booking).where(eq(booking.id, bookingId))
      : [];
    const cards = giftCardId
      ? await db.select().from(giftCard).where(eq(giftCard.id, giftCardId))
      : [];
    const payments = await db
      .select()
      .from(payment)
      .where(
        bookingId ? eq(payment.bookingId, bookingId) : eq(payment.giftCardId, giftCardId ?? ''),
      )
      .orderBy(asc(payment.attempt));
    const ledger = await db
      .select()
      .from(walletEntry)
      .where(
        bookingId
          ? eq(walletEntry.bookingId, bookingId)
          : eq(walletEntry.giftCardId, giftCardId ?? ''),
      )
      .orderBy(asc(walletEntry.id));
    // Provider calls about this purchase: by booking, or naming one of its payments at Stripe.
    const providerIds = payments.flatMap((p) => (p.providerPaymentId ? [p.providerPaymentId] : []));
    const tasks = (await db.select().from(providerTask).orderBy(asc(providerTask.id))).filter(
      (t) =>
        (bookingId && t.bookingId === bookingId) ||
        providerIds.some((id) => JSON.stringify(t.params).includes(id)),
    );
    const history = bookingId
      ? await db
          .select()
          .from(bookingChange)
          .where(eq(bookingChange.bookingId, bookingId))
          .orderBy(asc(bookingChange.id))
      : [];
    const ids = [bookingId, giftCardId].filter((id): id is string => Boolean(id));
    const mails = (await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id))).filter((m) =>
      ids.some((id) => m.dedupeKey?.includes(id)),
    );
    out[name] = {
      bookings: bookings.map((b) => ({
        status: b.status,
        totalPricePence: b.totalPricePence,
        amountDuePence: b.amountDuePence,
        creditAppliedPence: b.creditAppliedPence,
        refundedPence: b.refundedPence,
        paymentMethod: b.paymentMethod,
        holdExpiresAt: b.holdExpiresAt,
        cancelledBy: b.cancelledBy,
        reminderDueAt: b.reminderDueAt,
      })),
      cards: cards.map((c) => ({
        status: c.status,
        amountPence: c.amountPence,
        balancePence: c.balancePence,
        hasCode: c.codeHash !== null,
        paidAt: c.paidAt,
        redeemedByUserId: c.redeemedByUserId,
      })),
      payments: payments.map((p) => ({
        attempt: p.attempt,
        status: p.status,
        method: p.method,
        amountPence: p.amountPence,
        refundedPence: p.refundedPence,
        cardBrand: p.cardBrand,
        cardLast4: p.cardLast4,
        failureReason: p.failureReason,
        actionUrl: p.actionUrl !== null,
        hasProviderId: p.providerPaymentId !== null,
      })),
      ledger: ledger.map((w) => ({
        kind: w.kind,
        amountPence: w.amountPence,
        description: w.description,
      })),
      tasks: tasks.map((t) => ({
        kind: t.kind,
        status: t.status,
        amountPence: (t.params as { amountPence?: number }).amountPence ?? null,
      })),
      // The history logs news in the order it arrived: a refund that came before the success is
      // logged before it. The status path must be the same; the money changes the same in number.
      statusPath: history
        .filter((h) => h.kind !== 'updated')
        .map((h) => ({ kind: h.kind, from: h.fromStatus, to: h.toStatus })),
      moneyChanges: history.filter((h) => h.kind === 'updated').length,
      mails: mails.map((m) => ({
        subject: m.subject,
        to: m.toAddress === world.ada.email ? 'the customer' : m.toAddress,
        status: m.status,
      })),
    };
  }
  const recorded = await db.select().from(paymentEvent);
  out.events = {
    recorded: recorded.length,
    processed: recorded.filter((e) => e.processedAt !== null).length,
  };
  // What Stripe was asked to do, in the end: refunds and cancellations by amount.
  out.stripe = {
    refunds: world.fake.refunds.map((r) => Number(r.params.amount)).sort((a, b) => a - b),
  };
  return out;
}

for (const kind of testDatabaseKinds('every')) {
  describe(`every Stripe event replayed three times in a shuffled order, on ${kind}`, () => {
    const worlds: World[] = [];
    afterEach(async () => {
      for (const world of worlds.splice(0)) {
        await world.env.app.close();
        await world.env.database.destroy();
        await world.fake.close();
      }
    });

    it('leaves bookings, payments, the ledger and the outbox as one clean delivery does', async () => {
      const clean = await buildWorld(kind);
      worlds.push(clean);
      const replayed = await buildWorld(kind);
      worlds.push(replayed);
      expect(replayed.events.map((e) => [e.id, e.type])).toEqual(
        clean.events.map((e) => [e.id, e.type]),
      );
      const handled = new Set(clean.events.map((e) => e.type));
      expect([...handled].sort()).toEqual([
        'charge.refunded',
        'customer.created',
        'payment_intent.canceled',
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
      ]);

      for (const event of clean.events) await deliver(clean, event);
      const order = shuffled(
        [...replayed.events, ...replayed.events, ...replayed.events],
        seededRandom(SEED),
      );
      const results: Record<string, number> = {};
      for (const event of order) {
        const result = await deliver(replayed, event);
        results[result] = (results[result] ?? 0) + 1;
      }
      expect(results.duplicate).toBe(2 * replayed.events.length);

      const cleanState = await snapshot(clean);
      // The clean delivery did what each event means, so the comparison is not of two no-ops.
      const first = (name: string, part: 'bookings' | 'cards' | 'payments') =>
        (cleanState[name] as Record<typeof part, object[]>)[part][0];
      expect(first('booking-approved', 'bookings')).toMatchObject({ status: 'confirmed' });
      // A failed bank check keeps the hold for another card, as a decline does (decision 0081).
      expect(first('booking-auth-failed', 'bookings')).toMatchObject({ status: 'held' });
      expect(first('booking-canceled', 'bookings')).toMatchObject({ status: 'failed' });
      expect(first('booking-dashboard-refund', 'payments')).toMatchObject({
        status: 'refunded',
        refundedPence: 3000,
      });
      expect(first('booking-cancelled-by-customer', 'bookings')).toMatchObject({
        status: 'cancelled',
        refundedPence: 3000,
      });
      expect(first('booking-orphan', 'bookings')).toMatchObject({ status: 'confirmed' });
      expect(first('gift-card-approved', 'cards')).toMatchObject({ status: 'active' });
      expect(first('gift-card-refunded', 'cards')).toMatchObject({ status: 'refunded' });
      expect(first('gift-card-auth-failed', 'payments')).toMatchObject({ status: 'failed' });
      expect(await snapshot(replayed)).toEqual(cleanState);
    }, 120_000);
  });
}
