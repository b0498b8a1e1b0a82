import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  CARD,
  getJson,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../booking/booking-test-fixtures';
import { emailOutbox } from '../db/schema';
import { testDatabaseKinds } from '../testing/test-database';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from './fake-stripe-api';

for (const kind of testDatabaseKinds()) {
  describe(`Stripe payments on ${kind}`, () => {
    let fake: FakeStripe;
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let slot = 0;
    const nextSlot = () => {
      const times = ['09:00', '10:30', '12:00', '13:30', '15:00'];
      const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
      const value = at(days[Math.floor(slot / 5)] ?? '', times[slot % 5] ?? '');
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
      env = await setUpBookingTest(kind, { env: STRIPE_ENV(fake.url) });
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
    ])('answers 402 for %s and releases the slot', async (method, detail) => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, ada, { startsAt });
      const res = await payRequest(env.app, ada, held.id, pm(method));
      expect(res.statusCode).toBe(402);
      expect(res.json().detail).toBe(detail);
      const other = await newCustomer(env.app, env.database.db);
      expect(await holdOk(env.app, other, { startsAt })).toBeTruthy();
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

    it('releases the slot when authentication fails at the bank', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      await payRequest(env.app, ada, held.id, pm('pm_card_authenticationRequired'));
      fake.authenticate(intentOf(held.id)?.id ?? '', false);
      const res = await getJson(env.app, ada, `/api/bookings/${held.id}/payment-status`);
      expect(res.json()).toMatchObject({
        status: 'failed',
        paymentStatus: 'failed',
        detail: 'Your bank could not confirm the payment, so it did not go through.',
      });
    });

    it('charges once however many tabs pay at once', async () => {
      const held = await holdOk(env.app, ada, { startsAt: nextSlot() });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => payRequest(env.app, ada, held.id, pm('pm_card_visa'))),
      );
      expect(answers.map((a) => a.json().status)).toEqual(Array(6).fill('confirmed'));
      expect(creations(held.id)).toHaveLength(1);
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
