import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD,
  getJson,
  newCustomer,
  post,
  setUpBookingTest,
  withCard,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import {
  GIFT_CODE,
  buyRequest,
  codeOf,
  deliveryMail,
  giftCardOrder,
} from '../../test-support/gift-card-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import { emailOutbox, giftCard, payment, savedCard } from '../db/schema';
import { hashGiftCardCode } from './gift-card-code';
import { normaliseGiftCardCode } from '../../domain/gift-card';
import type { GiftCardPurchase } from '../../contract/gift-cards';

// Buying a gift card with the demo provider: the same payment steps as a booking (3-D Secure, a
// decline, a retry, a double click), the code made at payment and kept only as a hash, and the
// recipient's email queued for its send date.

for (const kind of testDatabaseKinds('one')) {
  describe(`buying a gift card on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    const cardRow = async (id: string) => {
      const [row] = await env.database.db.select().from(giftCard).where(eq(giftCard.id, id));
      if (!row) throw new Error(`no gift card ${id}`);
      return row;
    };
    const paymentsOf = (id: string) =>
      env.database.db
        .select()
        .from(payment)
        .where(eq(payment.giftCardId, id))
        .orderBy(payment.attempt);
    const purchases = async (customer: BookingCustomer) => {
      const res = await getJson(env.app, customer, '/api/me/gift-cards');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ giftCards: GiftCardPurchase[] }>().giftCards;
    };

    it('pays by card, makes an 80-bit code kept only as a hash, and emails it today', async () => {
      const order = giftCardOrder({ amountPence: 7500 });
      const res = await buyRequest(env.app, ada, order);
      expect(res.json(), res.body).toEqual({ status: 'confirmed', giftCardId: order.orderId });

      const card = await cardRow(order.orderId);
      expect(card).toMatchObject({
        status: 'active',
        amountPence: 7500,
        balancePence: 7500,
        buyerUserId: ada.id,
        recipientName: 'Rosa Recipient',
        recipientEmail: 'rosa.recipient@example.com',
        sendOn: '2026-11-23',
      });
      const code = await codeOf(env.database.db, order.orderId);
      const symbols = normaliseGiftCardCode(code) ?? '';
      expect(symbols).toHaveLength(16);
      expect(card.codeHash).toBe(hashGiftCardCode(symbols));
      expect(card.codeLast4).toBe(symbols.slice(-4));
      // Nowhere in the card's row is the code itself.
      expect(JSON.stringify(card)).not.toContain(symbols);

      const mail = await deliveryMail(env.database.db, order.orderId);
      expect(mail).toMatchObject({ toAddress: 'rosa.recipient@example.com', status: 'pending' });
      expect(mail?.textBody).toContain('Ada has sent you a Glow at Home gift card worth £75.00');
      expect(mail?.textBody).toContain('“Happy birthday, treat yourself!”');
      // Today's card is due at once (the database's now), not at some later hour.
      expect(mail && mail.nextAttemptAt.getTime() <= Date.now() + 1000).toBe(true);
      const receipts = await env.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `gift-card-${order.orderId}-receipt`));
      expect(receipts.map((r) => r.toAddress)).toEqual([ada.email]);
      expect(receipts[0]?.textBody).not.toMatch(GIFT_CODE);

      const [p] = await paymentsOf(order.orderId);
      expect(p).toMatchObject({
        status: 'succeeded',
        bookingId: null,
        amountPence: 7500,
        idempotencyKey: `gift-card-${order.orderId}-attempt-1`,
        cardLast4: '4242',
      });

      expect(await purchases(ada)).toContainEqual(
        expect.objectContaining({
          id: order.orderId,
          amountPence: 7500,
          status: 'sending',
          codeLast4: symbols.slice(-4),
          actionUrl: null,
        }),
      );
    });

    it('schedules a later send date for 09:00 UK time that day', async () => {
      const order = giftCardOrder({ sendOn: '2026-12-24' });
      expect((await buyRequest(env.app, ada, order)).statusCode).toBe(200);
      const card = await cardRow(order.orderId);
      expect(card.deliverAt.toISOString()).toBe('2026-12-24T09:00:00.000Z');
      const mail = await deliveryMail(env.database.db, order.orderId);
      expect(mail?.nextAttemptAt.toISOString()).toBe('2026-12-24T09:00:00.000Z');
      // In summer, 09:00 UK time is 08:00 UTC.
      const summer = giftCardOrder({ sendOn: '2027-06-01' });
      expect((await buyRequest(env.app, ada, summer)).statusCode).toBe(200);
      expect((await cardRow(summer.orderId)).deliverAt.toISOString()).toBe(
        '2027-06-01T08:00:00.000Z',
      );
      const listed = (await purchases(ada)).find((c) => c.id === order.orderId);
      expect(listed?.status).toBe('scheduled');
    });

    it('refuses a declined card (402), keeps the order, and a retry with another card pays it', async () => {
      const order = giftCardOrder();
      const declined = await buyRequest(env.app, ada, {
        ...order,
        ...withCard('4000 0000 0000 0002'),
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({
        code: 'card_declined',
        detail: 'Your card was declined.',
      });
      expect(declined.json().slotReleased).toBeUndefined();
      expect((await cardRow(order.orderId)).status).toBe('unpaid');
      expect(await deliveryMail(env.database.db, order.orderId)).toBeNull();
      // Not listed: nothing was bought.
      expect((await purchases(ada)).some((c) => c.id === order.orderId)).toBe(false);

      // The buyer corrects the amount and pays with another card: a second attempt, same order.
      const retried = await buyRequest(env.app, ada, { ...order, amountPence: 2000 });
      expect(retried.json()).toEqual({ status: 'confirmed', giftCardId: order.orderId });
      expect(
        (await paymentsOf(order.orderId)).map((p) => [p.attempt, p.status, p.amountPence]),
      ).toEqual([
        [1, 'failed', 5000],
        [2, 'succeeded', 2000],
      ]);
      expect(await cardRow(order.orderId)).toMatchObject({ amountPence: 2000, balancePence: 2000 });
    });

    it('answers a repeated request with the first outcome and never charges twice', async () => {
      const order = giftCardOrder();
      const both = await Promise.all([
        buyRequest(env.app, ada, order),
        buyRequest(env.app, ada, order),
      ]);
      for (const res of both)
        expect(res.json(), res.body).toEqual({ status: 'confirmed', giftCardId: order.orderId });
      const again = await buyRequest(env.app, ada, { ...order, amountPence: 9900 });
      expect(again.json()).toEqual({ status: 'confirmed', giftCardId: order.orderId });
      expect(await paymentsOf(order.orderId)).toHaveLength(1);
      expect((await cardRow(order.orderId)).amountPence).toBe(5000);
      const mails = await env.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'rosa.recipient@example.com'));
      expect(
        mails.filter((m) => m.dedupeKey === `gift-card-${order.orderId}-delivery`),
      ).toHaveLength(1);
    });

    it('goes through the bank page for 3-D Secure: approving issues the card', async () => {
      const order = giftCardOrder();
      const res = await buyRequest(env.app, ada, {
        ...order,
        ...withCard('4000 0027 6000 3184', true),
      });
      const body = res.json();
      expect(res.statusCode, res.body).toBe(200);
      expect(body.status).toBe('requires_action');
      const [p] = await paymentsOf(order.orderId);
      expect(body.actionUrl).toBe(
        `/authorisation/confirm?gift_card=${order.orderId}&payment=${p?.id}`,
      );
      expect((await cardRow(order.orderId)).status).toBe('unpaid');
      expect(await deliveryMail(env.database.db, order.orderId)).toBeNull();

      // Listed as waiting for the bank, with the way back to it.
      expect((await purchases(ada)).find((c) => c.id === order.orderId)).toMatchObject({
        status: 'awaiting_payment',
        actionUrl: body.actionUrl,
      });
      // Asking again sends the buyer back to the bank rather than charging again.
      expect((await buyRequest(env.app, ada, order)).json()).toMatchObject({
        status: 'requires_action',
        actionUrl: body.actionUrl,
      });

      // Only the buyer sees the bank page.
      const eve = await newCustomer(env.app, env.database.db);
      const path = `/api/payments/${p?.id}/authentication`;
      expect((await getJson(env.app, eve, path)).statusCode).toBe(404);
      const view = await getJson(env.app, ada, path);
      expect(view.json()).toMatchObject({
        bookingId: null,
        giftCardId: order.orderId,
        amountPence: 5000,
        purpose: '£50.00 gift card for Rosa Recipient',
        status: 'requires_action',
      });

      const approved = await post(env.app, ada, path, { outcome: 'approve' });
      expect(approved.json(), approved.body).toEqual({ status: 'confirmed' });
      expect((await cardRow(order.orderId)).status).toBe('active');
      expect(await codeOf(env.database.db, order.orderId)).toMatch(GIFT_CODE);
      // The card asked to be saved is saved once the payment has gone through.
      const saved = await env.database.db
        .select()
        .from(savedCard)
        .where(eq(savedCard.userId, ada.id));
      expect(saved.map((c) => c.last4)).toEqual(['3184']);
      // A second answer (a double click) changes nothing.
      expect((await post(env.app, ada, path, { outcome: 'fail' })).json()).toEqual({
        status: 'confirmed',
      });
      expect((await paymentsOf(order.orderId)).map((x) => x.status)).toEqual(['succeeded']);
    });

    it('a failed bank check is a 402 and leaves the order unpaid for another card', async () => {
      const order = giftCardOrder();
      const res = await buyRequest(env.app, ada, { ...order, ...withCard('4000 0027 6000 3184') });
      const [p] = await paymentsOf(order.orderId);
      expect(res.json().status).toBe('requires_action');
      const failed = await post(env.app, ada, `/api/payments/${p?.id}/authentication`, {
        outcome: 'fail',
      });
      expect(failed.statusCode).toBe(402);
      expect(failed.json().code).toBe('authentication_failed');
      expect((await cardRow(order.orderId)).status).toBe('unpaid');
      expect((await buyRequest(env.app, ada, order)).json().status).toBe('confirmed');
    });

    it('checks the form: amount, send date, recipient, and card only', async () => {
      const bad = async (fields: Record<string, unknown>) => {
        const res = await buyRequest(env.app, ada, giftCardOrder(fields));
        expect(res.statusCode, res.body).toBe(400);
        return res.json<{ errors: { field: string; message: string }[] }>().errors;
      };
      expect(await bad({ amountPence: 900 })).toContainEqual({
        field: 'body.amountPence',
        message: 'Choose an amount from £10 to £500',
      });
      expect(await bad({ amountPence: 50100 })).toContainEqual(
        expect.objectContaining({ field: 'body.amountPence' }),
      );
      expect(await bad({ amountPence: 2550 })).toContainEqual({
        field: 'body.amountPence',
        message: 'Choose a whole number of pounds',
      });
      expect(await bad({ recipientEmail: 'not-an-email' })).toContainEqual({
        field: 'body.recipientEmail',
        message: 'Enter a valid email address',
      });
      expect(await bad({ recipientName: '  ' })).toContainEqual(
        expect.objectContaining({ field: 'body.recipientName' }),
      );
      expect(await bad({ message: 'x'.repeat(301) })).toContainEqual(
        expect.objectContaining({ field: 'body.message' }),
      );
      expect(await bad({ sendOn: '2026-11-22' })).toEqual([
        { field: 'body.sendOn', message: 'Choose today or a later day' },
      ]);
      expect(await bad({ sendOn: '2027-11-24' })).toEqual([
        { field: 'body.sendOn', message: 'Choose a day within the next year' },
      ]);
      expect(await bad({ method: 'invoice', card: undefined })).toContainEqual(
        expect.objectContaining({ field: 'body.method' }),
      );
      expect(await bad({ card: { ...CARD, number: '4242 4242 4242 4241' } })).toContainEqual({
        field: 'body.card.number',
        message: 'Enter a valid card number.',
      });
      // Nothing was ordered by any of these.
      const cards = await env.database.db
        .select()
        .from(giftCard)
        .where(eq(giftCard.amountPence, 900));
      expect(cards).toEqual([]);
    });

    it("is the buyer's own: signed out is a 401, another buyer's order id a 404", async () => {
      const order = giftCardOrder();
      const signedOut = await env.app.inject({
        method: 'POST',
        url: '/api/gift-cards',
        headers: { origin: ada.headers.origin },
        payload: order,
      });
      expect(signedOut.statusCode).toBe(401);
      expect((await buyRequest(env.app, ada, order)).statusCode).toBe(200);
      const eve = await newCustomer(env.app, env.database.db);
      expect((await buyRequest(env.app, eve, order)).statusCode).toBe(404);
      expect((await purchases(eve)).map((c) => c.id)).not.toContain(order.orderId);
    });
  });
}
