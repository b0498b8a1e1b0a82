import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getJson,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import {
  buyRequest,
  codeOf,
  giftCardOrder,
  redeemRequest,
} from '../../test-support/gift-card-fixtures';
import { createTestCustomer } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { giftCard, walletEntry } from '../db/schema';
import { REDEEM_RULES } from './redeem-gift-card';

// Redeeming: a code's whole balance moves into one wallet, once, however many try at the same
// moment; unknown, used and not-yet-sent codes each get their own clear answer; and guessing is
// limited per account and per address while real codes never use up the allowance.

for (const kind of testDatabaseKinds('every')) {
  describe(`redeeming a gift card on ${kind}`, () => {
    let env: BookingTestEnv;
    let buyer: BookingCustomer;

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      buyer = await newCustomer(env.app, env.database.db, { name: 'Bea Buyer' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    /** A paid card's id and code; `sendOn` today unless said. */
    async function boughtCard(fields: Record<string, unknown> = {}) {
      const order = giftCardOrder(fields);
      const res = await buyRequest(env.app, buyer, order);
      expect(res.json(), res.body).toMatchObject({ status: 'confirmed' });
      return { id: order.orderId, code: await codeOf(env.database.db, order.orderId) };
    }
    const ledgerFor = (giftCardId: string) =>
      env.database.db.select().from(walletEntry).where(eq(walletEntry.giftCardId, giftCardId));

    it('twenty redemptions of one code at once: exactly one succeeds and the ledger has one entry', async () => {
      const card = await boughtCard({ amountPence: 4000 });
      const customers = [];
      for (let i = 0; i < 20; i++) customers.push(await createTestCustomer(env.app));
      const answers = await Promise.all(
        customers.map((c, i) => redeemRequest(env.app, c, card.code, `198.51.100.${i + 1}`)),
      );
      const won = answers.flatMap((res, i) => (res.statusCode === 200 ? [i] : []));
      expect(won).toHaveLength(1);
      const winner = customers[won[0] ?? -1];
      if (!winner) throw new Error('nobody redeemed it');
      expect(answers[won[0] ?? -1]?.json()).toEqual({ addedPence: 4000, balancePence: 4000 });
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'already_redeemed',
          detail: 'This gift card has already been redeemed.',
        });
      }

      const ledger = await ledgerFor(card.id);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({
        userId: winner.id,
        kind: 'gift_card_redemption',
        amountPence: 4000,
        description: 'Gift card redeemed',
        idempotencyKey: `gift-card-${card.id}-redeemed`,
      });
      const [row] = await env.database.db.select().from(giftCard).where(eq(giftCard.id, card.id));
      expect(row).toMatchObject({
        status: 'redeemed',
        balancePence: 0,
        redeemedByUserId: winner.id,
      });
      const wallet = await getJson(env.app, winner, '/api/me/wallet');
      expect(wallet.json()).toMatchObject({
        balancePence: 4000,
        entries: [expect.objectContaining({ kind: 'gift_card_redemption', amountPence: 4000 })],
      });
      expect((await getJson(env.app, winner, '/api/me')).json().walletBalancePence).toBe(4000);
      // The buyer sees it redeemed.
      const bought = await getJson(env.app, buyer, '/api/me/gift-cards');
      expect(bought.json().giftCards).toContainEqual(
        expect.objectContaining({ id: card.id, status: 'redeemed' }),
      );
    });

    it('one customer asking twice at once is credited once', async () => {
      const card = await boughtCard({ amountPence: 1000 });
      const cleo = await createTestCustomer(env.app);
      const answers = await Promise.all([
        redeemRequest(env.app, cleo, card.code),
        redeemRequest(env.app, cleo, card.code),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await ledgerFor(card.id)).toHaveLength(1);
      expect((await getJson(env.app, cleo, '/api/me/wallet')).json().balancePence).toBe(1000);
    });

    it('reads the code whatever its case and spacing, and adds to the credit already there', async () => {
      const first = await boughtCard({ amountPence: 2500 });
      const second = await boughtCard({ amountPence: 1500 });
      const dora = await createTestCustomer(env.app);
      const typed = ` ${first.code.toLowerCase().replaceAll('-', ' ')} `;
      expect((await redeemRequest(env.app, dora, typed)).json()).toEqual({
        addedPence: 2500,
        balancePence: 2500,
      });
      const compact = second.code.replace('GLOW-', '').replaceAll('-', '');
      expect((await redeemRequest(env.app, dora, compact)).json()).toEqual({
        addedPence: 1500,
        balancePence: 4000,
      });
    });

    it('says clearly when a code is malformed, unknown, used or not sent yet', async () => {
      const eli = await createTestCustomer(env.app);
      const malformed = await redeemRequest(env.app, eli, 'GLOW-1234');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual([
        {
          field: 'body.code',
          message: 'Enter the code as it appears in your email, like GLOW-7K2Q-9M4X-P3RT-8WDF.',
        },
      ]);
      const unknown = await redeemRequest(env.app, eli, 'GLOW-0000-0000-0000-0000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'unknown_code' });
      expect(unknown.json().detail).toMatch(/^We don't recognise this code\./);
      expect(unknown.json().errors[0].field).toBe('body.code');

      const later = await boughtCard({ sendOn: '2026-12-24' });
      const early = await redeemRequest(env.app, eli, later.code);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'not_yet_sent',
        detail:
          'This gift card has not been sent yet. It can be redeemed from Thursday 24 December 2026.',
      });
      expect(await ledgerFor(later.id)).toEqual([]);
      // Its day comes: 09:00 UK time, when its email goes.
      env.clock.set('2026-12-24T09:00:00Z');
      try {
        expect((await redeemRequest(env.app, eli, later.code)).statusCode).toBe(200);
        const again = await redeemRequest(env.app, eli, later.code);
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('already_redeemed');
      } finally {
        env.clock.set('2026-11-23T08:00:00Z');
      }
      const signedOut = await env.app.inject({
        method: 'POST',
        url: '/api/me/wallet/redeem',
        headers: { origin: eli.headers.origin },
        payload: { code: later.code },
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('limits guesses per account, giving back tries with real codes, with a readable 429', async () => {
      const fay = await createTestCustomer(env.app);
      const guess = (n: number) =>
        redeemRequest(
          env.app,
          fay,
          `GLOW-0000-0000-0000-${String(n).padStart(4, '0')}`,
          '192.0.2.1',
        );
      for (let n = 1; n <= 9; n++) expect((await guess(n)).statusCode).toBe(404);
      // A real code is not a guess: it does not count.
      const card = await boughtCard({ amountPence: 1000 });
      expect((await redeemRequest(env.app, fay, card.code, '192.0.2.1')).statusCode).toBe(200);
      expect((await guess(10)).statusCode).toBe(404);
      const refused = await guess(11);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({
        code: 'too_many_attempts',
        retryAfterSeconds: 900,
        detail: 'Too many attempts. Please wait 15 minutes and try again.',
      });
      // Even a real code waits for the window: the limit is checked before anything is looked up.
      const other = await boughtCard({ amountPence: 1000 });
      expect((await redeemRequest(env.app, fay, other.code, '192.0.2.1')).statusCode).toBe(429);
      // Another address does not help an account that has had enough.
      expect((await redeemRequest(env.app, fay, other.code, '192.0.2.99')).statusCode).toBe(429);
      env.clock.advanceMinutes(15);
      try {
        expect((await redeemRequest(env.app, fay, other.code, '192.0.2.1')).statusCode).toBe(200);
      } finally {
        env.clock.set('2026-11-23T08:00:00Z');
      }
    });

    it("a customer's own burst of tries with a real code spends none of their allowance", async () => {
      const gus = await createTestCustomer(env.app);
      const card = await boughtCard({ amountPence: 2000 });
      const address = '192.0.2.77';
      // More tries at once than the account's allowance: those beyond it are refused while the
      // others are in flight (the count comes before the lookup), and none may stay counted.
      const burst = await Promise.all(
        Array.from({ length: 3 * REDEEM_RULES.account.max }, () =>
          redeemRequest(env.app, gus, card.code, address),
        ),
      );
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 429)).toEqual([]);
      // The burst did outrun the allowance, or this test would prove nothing.
      expect(statuses).toContain(429);
      expect(await ledgerFor(card.id)).toHaveLength(1);

      const fresh = await boughtCard({ amountPence: 1000 });
      expect((await redeemRequest(env.app, gus, fresh.code, address)).statusCode).toBe(200);
      expect((await getJson(env.app, gus, '/api/me/wallet')).json().balancePence).toBe(3000);
      // The whole allowance is left for guesses, and guesses still count.
      for (let n = 1; n <= REDEEM_RULES.account.max; n++) {
        const guess = `GLOW-3333-3333-3333-${String(n).padStart(4, '0')}`;
        expect((await redeemRequest(env.app, gus, guess, address)).statusCode).toBe(404);
      }
      const refused = await redeemRequest(env.app, gus, 'GLOW-3333-3333-3333-9999', address);
      expect(refused.statusCode).toBe(429);
    });

    it('limits guesses per address across accounts', async () => {
      const address = '203.0.113.50';
      const guessers = [];
      for (let i = 0; i < 4; i++) guessers.push(await createTestCustomer(env.app));
      let tries = 0;
      for (const guesser of guessers)
        for (let n = 0; n < 8 && tries < 30; n++, tries++)
          expect(
            (await redeemRequest(env.app, guesser, `GLOW-1111-1111-1111-${1000 + tries}`, address))
              .statusCode,
          ).toBe(404);
      const fresh = await createTestCustomer(env.app);
      const refused = await redeemRequest(env.app, fresh, 'GLOW-2222-2222-2222-2222', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      // The refused account was not charged a try for the address's limit.
      const card = await boughtCard();
      expect((await redeemRequest(env.app, fresh, card.code, '203.0.113.51')).statusCode).toBe(200);
    });
  });
}
