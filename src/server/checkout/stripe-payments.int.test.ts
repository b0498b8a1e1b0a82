import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  CARD,
  getJson,
  holdOk,
  holdRequest,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import Stripe from 'stripe';
import type { AppContext } from '../app-context';
import { CatalogueCache } from '../availability/catalogue-cache';
import { AvailabilityCache } from '../availability/availability-cache';
import { reconcilePayments } from './reconcile-payments';
import { booking, emailOutbox, payment } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { testConfig } from '../../test-support/test-config';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { testDatabaseKinds } from '../../test-support/test-database';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import { localDiskStorage } from '../media/media-storage';
import { FAST_PASSWORD_HASHER } from '../../test-support/fast-password-hasher';

const RECONCILE_AFTER = 2;
const quiet = { warn: () => undefined, error: () => undefined };

/** What the running app's background jobs use, built for a test to run a pass itself. */
function contextOf(env: BookingTestEnv, url: string): AppContext {
  const config = testConfig({
    ...STRIPE_ENV(url),
    PAYMENT_RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER),
  });
  return {
    config,
    database: env.database,
    db: env.database.db,
    now: env.clock.now,
    availabilityCache: new AvailabilityCache(0),
    catalogueCache: new CatalogueCache(),
    mailer: createMailer(env.database.db, config),
    payments: StripePaymentProvider.fromConfig(config.payments),
    media: localDiskStorage(config.mediaDir),
    uploads: { storage: localDiskStorage(config.mediaDir), linkSecret: 'test-link-secret' },
    currentCustomer: async () => null,
    passwordHasher: FAST_PASSWORD_HASHER,
    push: null,
  };
}

for (const kind of testDatabaseKinds('every')) {
  describe(`Stripe payments on ${kind}`, () => {
    let fake: FakeStripe;
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let slot = 0;
    // Two hours apart: 75 minutes with the turnaround, then the 30-minute journey (decision 0077).
    const nextSlot = () => {
      const times = ['09:00', '11:00', '13:00', '15:00'];
      const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
      const value = at(
        days[Math.floor(slot / times.length)] ?? '',
        times[slot % times.length] ?? '',
      );
      slot++;
      return value;
    };
    const pm = (paymentMethodId: string, saveCard = false) => ({
      method: 'card',
      paymentMethodId,
      saveCard,
    });
    const creations = (bookingId: string) =>
      fake.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.params['metadata[bookingId]'] === bookingId,
      );

    const intentOf = (bookingId: string) =>
      [...fake.intents.values()].find((i) => i.metadata.bookingId === bookingId);

    beforeAll(async () => {
      fake = await startFakeStripe();
      env = await setUpBookingTest(kind, {
        env: { ...STRIPE_ENV(fake.url), PAYMENT_RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER) },
      });
      ada = await newCustomer(env.app, env.database.db);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await fake.close();
    });

    it('tells the web app to use Stripe.js with the publishable key', async () => {
      const res = await env.app.inject('/api/payments/config');
      expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    });

    it('charges as a Connect destination charge with the fee and a key derived from the booking', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const res = await payRequest(env.app, ada, held.id, pm('pm_card_visa'));
      expect(res.json()).toEqual({ status: 'confirmed' });
      const [create] = creations(held.id);
      expect(create?.idempotencyKey).toBe(`booking-${held.id}-attempt-1`);
      expect(create?.params).toMatchObject({
        amount: '3000',
        currency: 'gbp',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        'transfer_data[destination]': 'acct_tanna',
        application_fee_amount: '600',
        return_url: `http://localhost:3000/authorisation/confirm?booking=${held.id}`,
      });
      const view = (await getJson(env.app, ada, `/api/bookings/${held.id}`)).json();
      expect(view.payment).toEqual({
        method: 'card',
        cardBrand: 'visa',
        cardLast4: '4242',
        status: 'succeeded',
      });
    });

    it('never takes a card number on our server with Stripe', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const res = await payRequest(env.app, ada, held.id, { method: 'card', card: CARD });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('body.paymentMethodId');
      expect(creations(held.id)).toHaveLength(0);
    });

    it.each([
      ['pm_card_chargeDeclined', 'Your card was declined.'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ])('answers 402 for %s and keeps the hold for another card', async (method, detail) => {
      // A customer of its own: the confirmation emails of the others are counted below.
      const cy = await newCustomer(env.app, env.database.db);
      const held = await holdOk(env.app, cy, { startsAt: nextSlot() });
      const res = await payRequest(env.app, cy, held.id, pm(method));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        detail: `${detail} Nothing was charged, and your time is still held for you.`,
        slotReleased: false,
      });
      const paid = await payRequest(env.app, cy, held.id, pm('pm_card_visa'));
      expect(paid.json()).toEqual({ status: 'confirmed' });
    });

    it('sends 3-D Secure to the bank and confirms when the customer comes back', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const res = await payRequest(env.app, ada, held.id, pm('pm_card_authenticationRequired'));
      const body = res.json();
      const intentId = intentOf(held.id)?.id;
      expect(body).toEqual({
        status: 'requires_action',
        actionUrl: `https://hooks.stripe.test/3ds/${intentId}`,
        clientSecret: `${intentId}_secret_fake`,
      });
      const status = () => getJson(env.app, ada, `/api/bookings/${held.id}/payment-status`);
      expect((await status()).json()).toMatchObject({ status: 'requires_action' });

      fake.authenticate(intentId ?? '', true);
      expect((await status()).json()).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'succeeded',
      });
      expect((await status()).json()).toMatchObject({ status: 'confirmed' });
      const mails = await env.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, 'Your booking is confirmed'));
      expect(mails.filter((m) => m.toAddress === ada.email).length).toBe(2);
    });

    it('keeps the hold for another card when authentication fails at the bank', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      await payRequest(env.app, ada, held.id, pm('pm_card_authenticationRequired'));
      fake.authenticate(intentOf(held.id)?.id ?? '', false);
      const res = await getJson(env.app, ada, `/api/bookings/${held.id}/payment-status`);
      expect(res.json()).toMatchObject({
        status: 'held',
        paymentStatus: 'failed',
        detail: 'Your bank could not confirm the payment, so it did not go through.',
      });
      const paid = await payRequest(env.app, ada, held.id, pm('pm_card_visa'));
      expect(paid.json()).toEqual({ status: 'confirmed' });
    });

    it('charges once however many tabs pay at once', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => payRequest(env.app, ada, held.id, pm('pm_card_visa'))),
      );
      expect(answers.map((a) => a.json().status)).toEqual(Array(6).fill('confirmed'));
      expect(creations(held.id)).toHaveLength(1);
    });

    it('the stand-in refuses one idempotency key with other parameters, as Stripe does', async () => {
      const stripe = new Stripe('sk_test_fake', {
        host: '127.0.0.1',
        port: new URL(fake.url).port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const params = { amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa' };
      const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'key-same' });
      const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'key-same' });
      expect(again.id).toBe(first.id);
      await expect(
        stripe.paymentIntents.create(
          { ...params, payment_method: 'pm_card_mastercard' },
          { idempotencyKey: 'key-same' },
        ),
      ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    });

    it('another card while the first attempt is unanswered: a clean 503, never the same key with other parameters', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const stall = fake.stallNext('POST', '/v1/payment_intents');
      const first = payRequest(env.app, ada, held.id, pm('pm_card_visa'));
      await stall.arrived;
      const second = await payRequest(env.app, ada, held.id, pm('pm_card_mastercard'));
      expect(second.statusCode).toBe(503);
      expect(second.json()).toMatchObject({ code: 'payment_pending' });
      expect(creations(held.id)).toHaveLength(1);
      stall.release();
      expect((await first).json()).toEqual({ status: 'confirmed' });
      const rows = await env.database.db
        .select()
        .from(payment)
        .where(eq(payment.bookingId, held.id));
      expect(rows.map((p) => [p.attempt, p.idempotencyKey, p.status])).toEqual([
        [1, `booking-${held.id}-attempt-1`, 'succeeded'],
      ]);
    });

    it('keeps the slot held while the provider has not answered, even past the hold', async () => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, { startsAt });
      const ben = await newCustomer(env.app, env.database.db);
      // Paying in the hold's last seconds: the answer is still out when the hold would end.
      env.clock.advanceMinutes(9.75);
      try {
        const stall = fake.stallNext('POST', '/v1/payment_intents');
        const paying = payRequest(env.app, ada, held.id, pm('pm_card_visa'));
        await stall.arrived;
        env.clock.advanceMinutes(0.5);
        expect((await holdRequest(env.app, ben, { startsAt })).statusCode).toBe(409);
        stall.release();
        expect((await paying).json()).toEqual({ status: 'confirmed' });
      } finally {
        env.clock.advanceMinutes(-10.25);
      }
    });

    it('settles an attempt whose answer was lost, once, however many reconcilers and late answers race', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const stall = fake.stallNext('POST', '/v1/payment_intents');
      const paying = payRequest(env.app, ada, held.id, pm('pm_card_visa'));
      await stall.arrived;
      // Too early: an attempt still within its time is the caller's to settle.
      expect(await reconcilePayments(contextOf(env, fake.url), quiet)).toBe(0);
      env.clock.advanceMinutes(1);
      try {
        const settled = await Promise.all([
          reconcilePayments(contextOf(env, fake.url), quiet),
          reconcilePayments(contextOf(env, fake.url), quiet),
        ]);
        expect(settled.sort()).toEqual([0, 1]);
        stall.release();
        expect((await paying).json()).toEqual({ status: 'confirmed' });
      } finally {
        env.clock.advanceMinutes(-1);
      }
      const [b] = await env.database.db.select().from(booking).where(eq(booking.id, held.id));
      expect(b?.status).toBe('confirmed');
      // The reconciler repeated the very request under its key: one PaymentIntent, no refund.
      expect(creations(held.id).map((r) => r.idempotencyKey)).toEqual([
        `booking-${held.id}-attempt-1`,
        `booking-${held.id}-attempt-1`,
      ]);
      expect(
        [...fake.intents.values()].filter((i) => i.metadata.bookingId === held.id),
      ).toHaveLength(1);
      expect(fake.refunds.filter((r) => r.params.payment_intent === intentOf(held.id)?.id)).toEqual(
        [],
      );
      const mails = await env.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `booking-${held.id}-confirmed`));
      expect(mails).toHaveLength(1);
    });

    it('refunds through Stripe on cancellation, taking it back from the therapist', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      await payRequest(env.app, ada, held.id, pm('pm_card_visa'));
      const intentId = intentOf(held.id)?.id;
      const res = await post(env.app, ada, `/api/bookings/${held.id}/cancel`);
      expect(res.json()).toMatchObject({ status: 'cancelled', refundPence: 3000 });
      const refund = fake.requests.find(
        (r) => r.path === '/v1/refunds' && r.params.payment_intent === intentId,
      );
      expect(refund?.idempotencyKey).toBe(`booking-${held.id}-cancel-refund`);
      expect(refund?.params).toMatchObject({
        amount: '3000',
        reverse_transfer: 'true',
        refund_application_fee: 'true',
      });
    });

    it('saves a card on a Stripe customer, pays with it and detaches it when deleted', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      const first = await holdOk(env.app, cleo, { startsAt: nextSlot() });
      await payRequest(env.app, cleo, first.id, pm('pm_card_mastercard', true));
      const [create] = creations(first.id);
      expect(create?.params.setup_future_usage).toBe('on_session');
      expect(create?.params.customer).toMatch(/^cus_/);
      const cards = (await getJson(env.app, cleo, '/api/me/cards')).json().cards;
      expect(cards).toEqual([
        { id: expect.any(String), brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 },
      ]);
      const next = await holdOk(env.app, cleo, { startsAt: nextSlot() });
      const paid = await payRequest(env.app, cleo, next.id, {
        method: 'saved-card',
        cardId: cards[0].id,
      });
      expect(paid.json()).toEqual({ status: 'confirmed' });
      expect(creations(next.id)[0]?.params).toMatchObject({
        customer: create?.params.customer,
        payment_method: 'pm_card_mastercard',
      });
      const deleted = await env.app.inject({
        method: 'DELETE',
        url: `/api/me/cards/${cards[0].id}`,
        headers: cleo.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect(fake.requests.at(-1)?.path).toBe('/v1/payment_methods/pm_card_mastercard/detach');
    });
  });
}
