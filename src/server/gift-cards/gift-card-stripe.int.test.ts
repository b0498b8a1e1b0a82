import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getJson,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import {
  buyRequest,
  codeOf,
  deliveryMail,
  giftCardOrder,
  redeemRequest,
} from '../../test-support/gift-card-fixtures';
import { createTestCustomer } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { giftCard, payment } from '../db/schema';

// Gift cards through the Stripe stand-in (the real SDK over HTTP): a charge to the platform alone
// under a key from the order, 3-D Secure at Stripe's page with the return page settling it, a
// decline, the webhook settling an attempt whose answer was lost, and a refund made at Stripe
// withdrawing a card nobody has redeemed.

const SECRET = 'whsec_test_secret';

for (const kind of testDatabaseKinds('one')) {
  describe(`gift cards paid through Stripe on ${kind}`, () => {
    let fake: FakeStripe;
    let env: BookingTestEnv;
    let ada: BookingCustomer;

    const pm = (paymentMethodId: string, fields: Record<string, unknown> = {}) =>
      giftCardOrder({ card: undefined, paymentMethodId, ...fields });
    const intentOf = (giftCardId: string) =>
      [...fake.intents.values()].find((i) => i.metadata.giftCardId === giftCardId);
    const cardRow = async (id: string) => {
      const [row] = await env.database.db.select().from(giftCard).where(eq(giftCard.id, id));
      return row;
    };
    const paymentsOf = (id: string) =>
      env.database.db.select().from(payment).where(eq(payment.giftCardId, id));
    const deliver = (type: string, object: object, id = `evt_${Math.random()}`) => {
      const payload = JSON.stringify({
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
      return env.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });
    };

    beforeAll(async () => {
      fake = await startFakeStripe();
      env = await setUpBookingTest(kind, { env: STRIPE_ENV(fake.url) });
      ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await fake.close();
    });

    it('charges the platform alone, under a key from the order, and issues the card', async () => {
      const order = pm('pm_card_visa');
      const res = await buyRequest(env.app, ada, order);
      expect(res.json(), res.body).toEqual({ status: 'confirmed', giftCardId: order.orderId });
      const create = fake.requests.find(
        (r) =>
          r.path === '/v1/payment_intents' && r.params['metadata[giftCardId]'] === order.orderId,
      );
      expect(create?.idempotencyKey).toBe(`gift-card-${order.orderId}-attempt-1`);
      expect(create?.params).toMatchObject({
        amount: '5000',
        currency: 'gbp',
        payment_method: 'pm_card_visa',
        description: 'Glow at Home gift card',
        return_url: `http://localhost:3000/authorisation/confirm?gift_card=${order.orderId}`,
      });
      // No therapist to pay and no fee to split off.
      expect(create?.params['transfer_data[destination]']).toBeUndefined();
      expect(create?.params.application_fee_amount).toBeUndefined();
      expect(create?.params['metadata[bookingId]']).toBeUndefined();
      expect((await cardRow(order.orderId))?.status).toBe('active');
      const [p] = await paymentsOf(order.orderId);
      expect(p).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    });

    it('answers 402 for a declined card and keeps the order for another', async () => {
      const order = pm('pm_card_chargeDeclinedInsufficientFunds');
      const res = await buyRequest(env.app, ada, order);
      expect(res.statusCode).toBe(402);
      expect(res.json().detail).toBe('Your card has insufficient funds.');
      expect((await cardRow(order.orderId))?.status).toBe('unpaid');
      const again = await buyRequest(env.app, ada, { ...order, paymentMethodId: 'pm_card_visa' });
      expect(again.json().status).toBe('confirmed');
      expect(
        fake.requests.filter((r) => r.params['metadata[giftCardId]'] === order.orderId),
      ).toHaveLength(2);
    });

    it("sends 3-D Secure to Stripe's page and the return page settles it", async () => {
      const order = pm('pm_card_authenticationRequired');
      const res = await buyRequest(env.app, ada, order);
      const body = res.json();
      expect(body.status).toBe('requires_action');
      const intent = intentOf(order.orderId);
      expect(body.actionUrl).toBe(`https://hooks.stripe.test/3ds/${intent?.id}`);
      expect(body.clientSecret).toBe(`${intent?.id}_secret_fake`);
      const status = `/api/gift-cards/${order.orderId}/payment-status`;
      expect((await getJson(env.app, ada, status)).json()).toMatchObject({
        status: 'awaiting_payment',
        paymentStatus: 'requires_action',
        detail: null,
      });
      // Nobody else can look.
      const eve = await newCustomer(env.app, env.database.db);
      expect((await getJson(env.app, eve, status)).statusCode).toBe(404);

      fake.authenticate(intent?.id ?? '', true);
      expect((await getJson(env.app, ada, status)).json()).toEqual({
        giftCardId: order.orderId,
        status: 'paid',
        paymentStatus: 'succeeded',
        detail: null,
        actionUrl: null,
      });
      expect((await cardRow(order.orderId))?.status).toBe('active');
      expect(await deliveryMail(env.database.db, order.orderId)).toMatchObject({
        toAddress: 'rosa.recipient@example.com',
      });
      // The webhook that follows finds it settled and changes nothing.
      const late = await deliver('payment_intent.succeeded', { ...intent, status: 'succeeded' });
      expect(late.json().result).toBe('applied');
      expect(await paymentsOf(order.orderId)).toHaveLength(1);
    });

    it('a failed bank check says why on the return page, and the order can be paid again', async () => {
      const order = pm('pm_card_authenticationRequired');
      await buyRequest(env.app, ada, order);
      fake.authenticate(intentOf(order.orderId)?.id ?? '', false);
      const status = await getJson(env.app, ada, `/api/gift-cards/${order.orderId}/payment-status`);
      expect(status.json()).toMatchObject({
        status: 'awaiting_payment',
        paymentStatus: 'failed',
        detail: 'Your bank could not confirm the payment, so it did not go through.',
      });
      const again = await buyRequest(env.app, ada, { ...order, paymentMethodId: 'pm_card_visa' });
      expect(again.json().status).toBe('confirmed');
    });

    it('the webhook settles an attempt whose own answer never came back', async () => {
      const order = pm('pm_card_visa');
      const stall = fake.stallNext('POST', '/v1/payment_intents');
      const paying = buyRequest(env.app, ada, order);
      await stall.arrived;
      const intent = intentOf(order.orderId);
      expect(intent?.status).toBe('succeeded');
      const res = await deliver('payment_intent.succeeded', intent ?? {});
      expect(res.json().result).toBe('applied');
      expect((await cardRow(order.orderId))?.status).toBe('active');
      stall.release();
      // Our own answer arrives late and finds the attempt settled.
      expect((await paying).json()).toEqual({ status: 'confirmed', giftCardId: order.orderId });
      expect(await paymentsOf(order.orderId)).toHaveLength(1);
      expect((await deliveryMail(env.database.db, order.orderId))?.dedupeKey).toBe(
        `gift-card-${order.orderId}-delivery`,
      );
    });

    it('a refund at Stripe withdraws a card nobody has redeemed, and its email', async () => {
      const order = pm('pm_card_visa', { sendOn: '2026-12-24' });
      expect((await buyRequest(env.app, ada, order)).json().status).toBe('confirmed');
      const code = await codeOf(env.database.db, order.orderId);
      const intent = intentOf(order.orderId);
      const refunded = await deliver('charge.refunded', {
        id: `ch_${order.orderId}`,
        object: 'charge',
        payment_intent: intent?.id,
        amount: 5000,
        amount_refunded: 5000,
        refunded: true,
      });
      expect(refunded.json().result).toBe('applied');
      expect(await cardRow(order.orderId)).toMatchObject({ status: 'refunded', balancePence: 0 });
      expect(await deliveryMail(env.database.db, order.orderId)).toMatchObject({
        status: 'failed',
        error: 'The gift card was refunded before it was sent.',
      });
      const [p] = await paymentsOf(order.orderId);
      expect(p).toMatchObject({ status: 'refunded', refundedPence: 5000 });
      env.clock.set('2026-12-24T10:00:00Z');
      try {
        const taker = await createTestCustomer(env.app);
        const res = await redeemRequest(env.app, taker, code);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('gift_card_refunded');
      } finally {
        env.clock.set('2026-11-23T08:00:00Z');
      }
      const listed = (await getJson(env.app, ada, '/api/me/gift-cards')).json().giftCards;
      expect(listed).toContainEqual(
        expect.objectContaining({ id: order.orderId, status: 'refunded' }),
      );
    });
  });
}
