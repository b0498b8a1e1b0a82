import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldBooking } from '../../contract/booking';
import type { Wallet } from '../../contract/me';
import type { Referral, ValidatedReferral } from '../../contract/referrals';
import {
  at,
  bookingCatalogue,
  bookingTherapist,
  giveCredit,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import { referral, walletEntry } from '../db/schema';
import { REFERRAL_NOTES } from './apply-referral';

let phoneSeq = 100;
const uniquePhone = () => `07700 900${String(phoneSeq++).padStart(3, '0')}`;

for (const kind of testDatabaseKinds('every')) {
  describe(`referrals on ${kind}`, () => {
    let env: BookingTestEnv;
    let isla: BookingCustomer;
    let code: string;
    let day = 0;
    // Each booking its own free slot: 75 minutes with the turnaround, then the 30-minute journey
    // to the next (docs/decisions/0077), so four a day. Anna's days first, then Bella's on the
    // days her two tests of their own (25 and 27 November) leave free.
    const slots = [
      ...['24', '25', '26', '27', '28'].map((d) => ({ therapistId: 't-anna', d })),
      ...['24', '26'].map((d) => ({ therapistId: 't-bella', d })),
    ].flatMap(({ therapistId, d }) =>
      ['09:00', '11:00', '13:00', '15:00'].map((t) => ({
        therapistId,
        startsAt: at(`2026-11-${d}`, t),
      })),
    );

    const nextSlot = () => {
      const slot = slots[day++];
      if (!slot) throw new Error('out of test slots');
      return slot;
    };
    const customer = (name: string, extra: { email?: string; phoneNumber?: string } = {}) =>
      newCustomer(env.app, env.database.db, { name, phoneNumber: uniquePhone(), ...extra });
    const walletOf = async (c: BookingCustomer) =>
      (
        await env.app.inject({ method: 'GET', url: '/api/me/wallet', headers: c.headers })
      ).json<Wallet>();
    const referralOf = async (c: BookingCustomer) =>
      (
        await env.app.inject({ method: 'GET', url: '/api/me/referral', headers: c.headers })
      ).json<Referral>();
    const hold = (c: BookingCustomer, extra: Record<string, unknown> = {}) =>
      holdOk(env.app, c, { ...nextSlot(), ...extra });
    const pay = async (c: BookingCustomer, held: HeldBooking) => {
      const res = await payRequest(env.app, c, held.id);
      expect(res.statusCode, res.body).toBe(200);
    };
    const validate = (code: string, ip = '198.51.100.7') =>
      env.app.inject({
        method: 'POST',
        url: '/api/referrals/validate',
        headers: { origin: 'http://localhost:3000' },
        remoteAddress: ip,
        payload: { code },
      });

    beforeAll(async () => {
      env = await setUpBookingTest(kind, {
        catalogue: bookingCatalogue([bookingTherapist('t-anna'), bookingTherapist('t-bella')]),
      });
      isla = await customer('Isla Murray');
      code = (await referralOf(isla)).code;
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('gives every customer one friendly code and a link', async () => {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      const again = await referralOf(isla);
      expect(again).toEqual({
        code,
        link: `http://localhost:3000/?ref=${code.replace('-', '')}`,
        referredCount: 0,
        earnedPence: 0,
        valuePence: 1000,
      });
      const anonymous = await env.app.inject({ method: 'GET', url: '/api/me/referral' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('validates a code, a lower-case code or a uid, and says who referred', async () => {
      const expected: ValidatedReferral = {
        referred_by: { name: 'Isla', uid: isla.id, value: 1000 },
      };
      for (const asTyped of [code, code.toLowerCase(), code.replace('-', ' '), isla.id]) {
        const res = await validate(asTyped);
        expect(res.statusCode, asTyped).toBe(200);
        expect(res.json()).toEqual(expected);
      }
      const unknown = await validate('ZZZZ-ZZZZ', '198.51.100.8');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/problem+json');
      expect(unknown.json()).toMatchObject({
        code: 'unknown_referral',
        detail: 'We could not find that referral code.',
      });
    });

    it('limits validation per address, saying how long to wait', async () => {
      const answers = [];
      for (let i = 0; i < 31; i++) answers.push(await validate(`AAAA-AA${i % 10}A`, '203.0.113.9'));
      expect(answers.slice(0, 30).every((r) => r.statusCode === 404)).toBe(true);
      const refused = answers[30];
      expect(refused?.statusCode).toBe(429);
      expect(refused?.headers['retry-after']).toBe('600');
      expect(refused?.json()).toMatchObject({ code: 'rate_limited' });
      expect(refused?.json<{ detail: string }>().detail).toContain('10 minutes');
      // Another address is not affected.
      expect((await validate(code, '203.0.113.10')).statusCode).toBe(200);
    });

    it("takes referralCredit off a friend's first booking; paying it credits the referrer nothing yet", async () => {
      const bea = await customer('Bea Wilson');
      const held = await hold(bea, { referralCode: isla.id });
      expect(held).toMatchObject({
        totalPricePence: 3000,
        referralDiscountPence: 1000,
        referralNote: null,
        amountDuePence: 2000,
      });
      await pay(bea, held);
      // The same payment again, as a retry, a webhook or crash recovery would settle it.
      await pay(bea, held);
      const [row] = await env.database.db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, bea.id));
      if (!row) throw new Error('no referral');
      // The discount is used; the referrer waits for Bea's appointment to take place
      // (referral-ring.int.test.ts follows it to the credit).
      expect(row).toMatchObject({
        status: 'pending',
        discountBookingId: held.id,
        completedAt: null,
      });
      const credits = await env.database.db
        .select()
        .from(walletEntry)
        .where(eq(walletEntry.referralId, row.id));
      expect(credits).toEqual([]);
      expect((await walletOf(isla)).balancePence).toBe(0);
      expect(await referralOf(isla)).toMatchObject({ referredCount: 1, earnedPence: 0 });
      // Bea's own wallet is untouched: the discount was off the price, not credit.
      expect((await walletOf(bea)).balancePence).toBe(0);
    });

    it('gives the discount once: a second booking pays in full and says why', async () => {
      const cal = await customer('Cal Reid');
      await pay(cal, await hold(cal, { referralCode: code }));
      const second = await hold(cal, { referralCode: code });
      expect(second).toMatchObject({
        referralDiscountPence: 0,
        referralNote: REFERRAL_NOTES.used,
        amountDuePence: 3000,
      });
      // Without the link the account still knows it was referred, and says nothing.
      expect(await hold(cal)).toMatchObject({ referralDiscountPence: 0, referralNote: null });
    });

    it('ignores a customer’s own code, by uid or friendly code', async () => {
      for (const own of [isla.id, code]) {
        expect(await hold(isla, { referralCode: own })).toMatchObject({
          referralDiscountPence: 0,
          referralNote: null,
        });
      }
      const rows = await env.database.db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, isla.id));
      expect(rows).toEqual([]);
    });

    it('refuses a second account of the referrer: same phone, or the same mailbox', async () => {
      const islaPhone = await customer('Isla Again', { phoneNumber: '+44 7700 900555' });
      const islaFirst = await customer('Isla First', { phoneNumber: '07700900555' });
      const islaCode = (await referralOf(islaFirst)).code;
      expect(await hold(islaPhone, { referralCode: islaCode })).toMatchObject({
        referralDiscountPence: 0,
        referralNote: REFERRAL_NOTES.samePerson,
      });
      // The international form with 00 instead of +, as a phone's contacts often keep it.
      const islaAbroad = await customer('Isla Abroad', { phoneNumber: '0044 7700 900555' });
      expect(await hold(islaAbroad, { referralCode: islaCode })).toMatchObject({
        referralDiscountPence: 0,
        referralNote: REFERRAL_NOTES.samePerson,
      });
      const gmail = await customer('G One', { email: 'glow.tester@gmail.com' });
      const gmailTwo = await customer('G Two', { email: 'GlowTester+again@gmail.com' });
      expect(await hold(gmailTwo, { referralCode: gmail.id })).toMatchObject({
        referralDiscountPence: 0,
        referralNote: REFERRAL_NOTES.samePerson,
      });
    });

    it('refuses a referral after the first paid booking', async () => {
      const dee = await customer('Dee Shaw');
      await pay(dee, await hold(dee));
      expect(await hold(dee, { referralCode: code })).toMatchObject({
        referralDiscountPence: 0,
        referralNote: REFERRAL_NOTES.notFirst,
      });
      const rows = await env.database.db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, dee.id));
      expect(rows).toEqual([]);
    });

    it('keeps the first referrer: a later code does not replace it', async () => {
      const eve = await customer('Eve Grant');
      const other = await customer('Otto Lane');
      await hold(eve, { referralCode: code });
      const second = await hold(eve, { referralCode: other.id });
      // The first hold reserves the discount while it waits for payment.
      expect(second).toMatchObject({
        referralDiscountPence: 0,
        referralNote: REFERRAL_NOTES.reserved,
      });
      const rows = await env.database.db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, eve.id));
      expect(rows.map((r) => r.referrerUserId)).toEqual([isla.id]);
    });

    it('never takes off more than the price, and a booking wholly covered needs no card', async () => {
      const big = await setUpBookingTest(kind, { env: { REFERRAL_CREDIT_PENCE: '5000' } });
      try {
        const ref = await newCustomer(big.app, big.database.db, {
          name: 'Ref',
          phoneNumber: uniquePhone(),
        });
        const fay = await newCustomer(big.app, big.database.db, {
          name: 'Fay',
          phoneNumber: uniquePhone(),
        });
        const held = await holdOk(big.app, fay, { referralCode: ref.id });
        expect(held).toMatchObject({ referralDiscountPence: 3000, amountDuePence: 0 });
        const paid = await post(big.app, fay, `/api/bookings/${held.id}/payment`, {
          method: 'credit',
        });
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json()).toEqual({ status: 'confirmed' });
        // Paid, not yet taken place: the referrer has nothing yet.
        const credit = await big.database.db
          .select()
          .from(walletEntry)
          .where(eq(walletEntry.userId, ref.id));
        expect(credit).toEqual([]);
      } finally {
        await big.app.close();
        await big.database.destroy();
      }
    });

    it('a free cancellation gives the discount back for the next booking and earns the referrer nothing', async () => {
      const gus = await customer('Gus Hart');
      const first = await hold(gus, { referralCode: code });
      await pay(gus, first);
      const before = (await walletOf(isla)).balancePence;
      const cancelled = await post(env.app, gus, `/api/bookings/${first.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({
        refundPence: 2000,
        cardRefundPence: 2000,
        walletRefundPence: 0,
      });
      const next = await hold(gus);
      expect(next).toMatchObject({ referralDiscountPence: 1000, amountDuePence: 2000 });
      await pay(gus, next);
      expect((await walletOf(isla)).balancePence).toBe(before);
      expect((await walletOf(gus)).balancePence).toBe(0);
    });

    it('a cancellation with a fee keeps the discount used', async () => {
      const hal = await customer('Hal Moss');
      const first = await holdOk(env.app, hal, {
        therapistId: 't-bella',
        startsAt: at('2026-11-27', '10:00'),
        referralCode: code,
      });
      await pay(hal, first);
      // Four hours before: inside the partial-refund window.
      env.clock.set('2026-11-27T06:00:00Z');
      try {
        const cancelled = await post(env.app, hal, `/api/bookings/${first.id}/cancel`);
        expect(cancelled.json()).toMatchObject({ refundPence: 1000 });
        const [row] = await env.database.db
          .select()
          .from(referral)
          .where(eq(referral.referredUserId, hal.id));
        expect(row?.discountBookingId).toBe(first.id);
      } finally {
        env.clock.set('2026-11-23T08:00:00Z');
      }
    });

    it('pays with credit alone only when it covers the booking', async () => {
      const max = await customer('Max Reid');
      const held = await holdOk(env.app, max, {
        therapistId: 't-bella',
        startsAt: at('2026-11-25', '10:00'),
      });
      const short = await post(env.app, max, `/api/bookings/${held.id}/payment`, {
        method: 'credit',
      });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toMatchObject({
        code: 'credit_short',
        detail:
          'Your credit does not cover this booking: £30.00 is left to pay. Please choose how to pay it.',
      });
      await pay(max, held);
    });

    it('switches wallet credit on and off for a held booking, and puts no more than is owed', async () => {
      const ivy = await customer('Ivy Cole');
      await giveCredit(env.database.db, ivy.id, 500);
      const held = await hold(ivy);
      expect(held).toMatchObject({
        creditAppliedPence: 500,
        walletCreditAvailablePence: 500,
        amountDuePence: 2500,
      });
      const off = await post(env.app, ivy, `/api/bookings/${held.id}/credit`, { useCredit: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({
        creditAppliedPence: 0,
        walletCreditAvailablePence: 500,
        amountDuePence: 3000,
      });
      const on = await post(env.app, ivy, `/api/bookings/${held.id}/credit`, { useCredit: true });
      expect(on.json()).toMatchObject({ creditAppliedPence: 500, amountDuePence: 2500 });
      const declined = await hold(ivy, { useCredit: false });
      // The first hold reserves the 500, so none is left for another booking either way.
      expect(declined).toMatchObject({ creditAppliedPence: 0, walletCreditAvailablePence: 0 });
      const stranger = await customer('Stranger');
      const theirs = await post(env.app, stranger, `/api/bookings/${held.id}/credit`, {
        useCredit: false,
      });
      expect(theirs.statusCode).toBe(404);
      await pay(ivy, held);
      const late = await post(env.app, ivy, `/api/bookings/${held.id}/credit`, {
        useCredit: false,
      });
      expect(late.statusCode).toBe(409);
      const wallet = await walletOf(ivy);
      expect(wallet.balancePence).toBe(0);
      expect(wallet.entries[0]?.description).toMatch(/^Spent on Massage, \d{1,2} Nov$/);
    });

    it('two checkouts at once spending the same credit: one gets it, the wallet never goes below zero', async () => {
      const jo = await customer('Jo Park');
      await giveCredit(env.database.db, jo.id, 3000);
      const [a, b] = await Promise.all([hold(jo), hold(jo)]);
      if (!a || !b) throw new Error('no holds');
      expect([a.creditAppliedPence, b.creditAppliedPence].sort()).toEqual([0, 3000]);
      await Promise.all([pay(jo, a), pay(jo, b)]);
      expect((await walletOf(jo)).balancePence).toBe(0);
    });

    it('two holds at once with one referral: one gets the discount', async () => {
      const kit = await customer('Kit Fox');
      const [a, b] = await Promise.all([
        hold(kit, { referralCode: code }),
        hold(kit, { referralCode: code }),
      ]);
      if (!a || !b) throw new Error('no holds');
      expect([a.referralDiscountPence, b.referralDiscountPence].sort()).toEqual([0, 1000]);
      const rows = await env.database.db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, kit.id));
      expect(rows).toHaveLength(1);
    });

    it('judges minimum spend on the price before the referral credit', async () => {
      const lee = await customer('Lee Dunn');
      const held = await holdOk(env.app, lee, {
        therapistId: 't-cara',
        treatmentIds: ['massage-60', 'manicure'],
        startsAt: at('2026-11-24', '10:00'),
        referralCode: code,
      });
      // £55.00 meets Cara's £50.00 minimum, though £45.00 is left to pay.
      expect(held).toMatchObject({
        totalPricePence: 5500,
        referralDiscountPence: 1000,
        amountDuePence: 4500,
      });
    });
  });
}
