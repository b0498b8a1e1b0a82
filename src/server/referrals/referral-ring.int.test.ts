import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldBooking } from '../../contract/booking';
import type { Wallet } from '../../contract/me';
import type { Referral } from '../../contract/referrals';
import {
  at,
  bookingCatalogue,
  bookingTherapist,
  holdOk,
  newCustomer,
  NOW,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { brokenInvariants, REFERRAL_INVARIANTS } from '../../test-support/invariants';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import { completePastBookings } from '../booking/complete-bookings';
import { openDatabase, type Database, type Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import { emailOutbox, referral, walletEntry } from '../db/schema';
import { REFERRAL_CREDIT_SUBJECT } from './referral-credit-email';
import { creditReferrers } from './credit-referrers';

// Issue 30: five new accounts each booked with one referral code, paid and cancelled for nothing,
// and the referrer kept £50 of credit. A referrer is now credited when the friend's first
// appointment has taken place (the completion job), once, whatever runs at the same time
// (decision 0067). Two instances of the job share the database, each with its own connection pool
// on PostgreSQL (PGlite has one connection: the same code, one transaction at a time).

let phoneSeq = 300;
const uniquePhone = () => `07700 900${String(phoneSeq++).padStart(3, '0')}`;

for (const kind of testDatabaseKinds('every')) {
  describe(`referral credit on the friend's first appointment on ${kind}`, () => {
    let env: BookingTestEnv;
    let second: Database | null = null;
    let instances: Parameters<typeof completePastBookings>[0][];
    let rita: BookingCustomer;
    let code: string;
    /** The five friends of the first test, each with the booking they cancelled. */
    const ring: { friend: BookingCustomer; held: HeldBooking }[] = [];
    // Two hours apart: 75 minutes with the turnaround, then the 30-minute journey (decision 0077).
    const slots = ['24', '25', '26'].flatMap((d) =>
      ['09:00', '11:00', '13:00', '15:00'].map((t) => at(`2026-11-${d}`, t)),
    );
    let next = 0;
    const nextSlot = () => {
      const slot = slots[next++];
      if (!slot) throw new Error('out of test slots');
      return slot;
    };

    const customer = (name: string) =>
      newCustomer(env.app, env.database.db, { name, phoneNumber: uniquePhone() });
    const walletOf = async (c: BookingCustomer) =>
      (
        await env.app.inject({ method: 'GET', url: '/api/me/wallet', headers: c.headers })
      ).json<Wallet>();
    /** A held and paid 60-minute booking at the next free slot, and when it starts. */
    const book = async (c: BookingCustomer, extra: Record<string, unknown> = {}) => {
      const startsAt = nextSlot();
      const held = await holdOk(env.app, c, { startsAt, ...extra });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return { ...held, startsAt };
    };
    const referralOf = async (c: BookingCustomer) => {
      const [row] = await env.database.db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, c.id));
      if (!row) throw new Error(`no referral for ${c.id}`);
      return row;
    };
    const creditsOf = (userId: string) =>
      env.database.db.select().from(walletEntry).where(eq(walletEntry.userId, userId));
    /**
     * Every instance, several rounds each, all at once; answers the bookings they completed. The
     * app's own job may run too (it is one more instance), so tests judge by state, not by count.
     */
    const completeEverywhere = async () => {
      const rounds = instances.flatMap((ctx) => [1, 2, 3].map(() => completePastBookings(ctx)));
      return (await Promise.all(rounds)).reduce((a, b) => a + b, 0);
    };
    const referralRulesBroken = () =>
      brokenInvariants(env.database.db, env.clock.now(), REFERRAL_INVARIANTS);

    beforeAll(async () => {
      env = await setUpBookingTest(kind, {
        catalogue: bookingCatalogue([bookingTherapist('t-anna'), bookingTherapist('t-bella')]),
      });
      const config = testConfig();
      if (kind === 'postgres' && env.database.url) {
        second = await openDatabase({ kind: 'postgres', url: env.database.url });
      }
      instances = [env.database, second ?? env.database].map((database) => ({
        db: database.db,
        config,
        now: env.clock.now,
      }));
      rita = await customer('Rita Ring');
      code = (
        await env.app.inject({ method: 'GET', url: '/api/me/referral', headers: rita.headers })
      ).json<Referral>().code;
    });
    afterAll(async () => {
      await env.app.close();
      await second?.close();
      await env.database.destroy();
    });

    it('five friends who book, pay and cancel for free earn the referrer nothing', async () => {
      env.clock.set(NOW.toISOString());
      for (let i = 1; i <= 5; i++) {
        const friend = await customer(`Ring Friend${i}`);
        const held = await book(friend, { referralCode: code });
        expect(held).toMatchObject({ referralDiscountPence: 1000, amountDuePence: 2000 });
        ring.push({ friend, held });
      }
      // Paid, not yet taken place: nothing for Rita.
      expect((await walletOf(rita)).balancePence).toBe(0);

      for (const { friend, held } of ring) {
        const cancelled = await post(env.app, friend, `/api/bookings/${held.id}/cancel`);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        // Every penny paid comes back to the card, and no more: the discount is not money.
        expect(cancelled.json()).toMatchObject({
          refundPence: 2000,
          cardRefundPence: 2000,
          walletRefundPence: 0,
        });
        expect((await walletOf(friend)).balancePence).toBe(0);
        // The discount waits for the friend's next booking; the referral is still pending.
        expect(await referralOf(friend)).toMatchObject({
          status: 'pending',
          discountBookingId: null,
        });
      }

      // Long after every cancelled slot: nothing took place, so nothing is completed or earned.
      env.clock.set('2026-11-30T12:00:00Z');
      expect(await completeEverywhere()).toBe(0);
      const wallet = await walletOf(rita);
      expect(wallet.balancePence).toBe(0);
      expect(wallet.entries).toEqual([]);
      expect(await creditsOf(rita.id)).toEqual([]);
      await expect(referralRulesBroken()).resolves.toEqual([]);
      // Five sign-ups (a password hash each) and twenty requests: room for a loaded machine.
    }, 120_000);

    it("credits the referrer once, when a friend's first appointment has taken place", async () => {
      env.clock.set(NOW.toISOString());
      const fern = await customer('Fern Gale');
      const first = await book(fern, { referralCode: code });
      const firstEnds = new Date(Date.parse(first.startsAt) + 60 * 60_000);
      // A second booking, later the same week: it has no discount (the first one used it).
      const later = await book(fern);
      expect(later.referralDiscountPence).toBe(0);
      expect((await walletOf(rita)).balancePence).toBe(0);

      // A minute before the first appointment ends: not yet.
      env.clock.set(new Date(firstEnds.getTime() - 60_000).toISOString());
      await completeEverywhere();
      expect(await referralOf(fern)).toMatchObject({ status: 'pending' });
      expect(await creditsOf(rita.id)).toEqual([]);

      // It has ended: every instance at once completes it, and Rita is credited once.
      env.clock.set(firstEnds.toISOString());
      await completeEverywhere();
      const row = await referralOf(fern);
      expect(row).toMatchObject({ status: 'completed', discountBookingId: first.id });
      expect(row.completedAt?.toISOString()).toBe(firstEnds.toISOString());
      const credits = await creditsOf(rita.id);
      expect(credits.map((e) => [e.kind, e.amountPence, e.referralId, e.bookingId])).toEqual([
        ['referral_credit', 1000, row.id, first.id],
      ]);
      const wallet = await walletOf(rita);
      expect(wallet.balancePence).toBe(1000);
      expect(wallet.entries.map((e) => e.description)).toEqual(['Referral credit from Fern']);
      const shared = await env.app.inject({
        method: 'GET',
        url: '/api/me/referral',
        headers: rita.headers,
      });
      // Five from the ring and Fern used the link; only Fern's appointment earned anything.
      expect(shared.json<Referral>()).toMatchObject({ referredCount: 6, earnedPence: 1000 });

      // Fern's later appointment, and the job run again and again, add nothing.
      env.clock.set('2026-11-30T12:00:00Z');
      await completeEverywhere();
      expect(await completeEverywhere()).toBe(0);
      expect(await creditsOf(rita.id)).toHaveLength(1);
      await expect(referralRulesBroken()).resolves.toEqual([]);
      // Rita hears of it once, in the transaction that credited her.
      const told = await env.database.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, rita.email));
      expect(told.filter((m) => m.subject === REFERRAL_CREDIT_SUBJECT)).toEqual([
        {
          subject: REFERRAL_CREDIT_SUBJECT,
          text: expect.stringContaining(
            '£10.00 of referral credit is now in your wallet',
          ) as string,
        },
      ]);
    });

    it('a friend of the ring who books again gets the discount again, and the appointment earns the referrer once', async () => {
      env.clock.set(NOW.toISOString());
      const [back] = ring;
      if (!back) throw new Error('no ring');
      const again = await book(back.friend);
      // No code this time: the account still carries the referral, and its discount came back.
      expect(again).toMatchObject({ referralDiscountPence: 1000, amountDuePence: 2000 });
      const ends = new Date(Date.parse(again.startsAt) + 60 * 60_000);
      env.clock.set(ends.toISOString());
      await completeEverywhere();
      const row = await referralOf(back.friend);
      expect(row).toMatchObject({ status: 'completed', discountBookingId: again.id });
      const mine = (await creditsOf(rita.id)).filter((e) => e.referralId === row.id);
      expect(mine.map((e) => [e.amountPence, e.bookingId])).toEqual([[1000, again.id]]);
      // The other four of the ring still have earned nothing.
      const pending = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from referral
            where referrer_user_id = ${rita.id} and status = 'pending'`,
      );
      expect(pending[0]?.n).toBe(4);
      await expect(referralRulesBroken()).resolves.toEqual([]);
    });

    it('two bookings of one friend completed in one run credit the referrer once', async () => {
      env.clock.set(NOW.toISOString());
      const before = await creditsOf(rita.id);
      // Two bookings that end at the same minute, with two therapists: one run completes both.
      const friend = await customer('Twin Slot');
      const startsAt = at('2026-11-27', '10:00');
      const a = await holdOk(env.app, friend, { startsAt, referralCode: code });
      const b = await holdOk(env.app, friend, { startsAt, therapistId: 't-bella' });
      expect([a.referralDiscountPence, b.referralDiscountPence]).toEqual([1000, 0]);
      for (const held of [a, b]) {
        const paid = await payRequest(env.app, friend, held.id);
        expect(paid.statusCode, paid.body).toBe(200);
      }
      env.clock.set('2026-11-27T11:00:00Z');
      await completeEverywhere();
      const statuses = await queryRows<{ status: string }>(
        env.database.db,
        sql`select status from booking where id in ${[a.id, b.id]}`,
      );
      expect(statuses.map((r) => r.status)).toEqual(['completed', 'completed']);
      const row = await referralOf(friend);
      expect(row.status).toBe('completed');
      const mine = (await creditsOf(rita.id)).filter((e) => e.referralId === row.id);
      expect(mine).toHaveLength(1);
      expect([a.id, b.id]).toContain(mine[0]?.bookingId);
      expect(await creditsOf(rita.id)).toHaveLength(before.length + 1);
      await expect(referralRulesBroken()).resolves.toEqual([]);
    });

    it('two transactions completing two bookings of one friend at once credit the referrer once', async () => {
      env.clock.set(NOW.toISOString());
      const friend = await customer('Race Day');
      const first = await book(friend, { referralCode: code });
      const other = await book(friend);
      const row = await referralOf(friend);
      /**
       * What one instance of the job does for one booking: completes it and credits. The
       * bookings are completed by hand (their time has not come by the clock, so the app's own
       * job leaves them alone) and `credited` is told before the transaction commits.
       */
      const completeOne = (db: Db, bookingId: string, credited?: () => Promise<void>) =>
        inTransaction(db, async (tx) => {
          await queryRows(
            tx,
            sql`update booking set status = 'completed'
                where id = ${bookingId} and status = 'confirmed'`,
          );
          const n = await creditReferrers(tx, [bookingId], env.clock.now());
          await credited?.();
          return n;
        });
      if (second) {
        // PostgreSQL: the first transaction credits and stays open until the second is seen
        // waiting for the referral row; then it commits, and the second finds nothing pending.
        const secondDb = second.db;
        let two: Promise<number> | null = null;
        const one = completeOne(env.database.db, first.id, async () => {
          two = completeOne(secondDb, other.id);
          await expect.poll(() => waitingOnLocks(env.database.db), { timeout: 5000 }).toBe(1);
        });
        expect(await one).toBe(1);
        expect(await two).toBe(0);
      } else {
        const counts = await Promise.all([
          completeOne(env.database.db, first.id),
          completeOne(env.database.db, other.id),
        ]);
        expect(counts.sort()).toEqual([0, 1]);
      }
      const credits = await env.database.db
        .select()
        .from(walletEntry)
        .where(eq(walletEntry.referralId, row.id));
      expect(credits.map((e) => [e.userId, e.amountPence])).toEqual([[rita.id, 1000]]);
      await expect(referralRulesBroken()).resolves.toEqual([]);
    });

    it('the referral rules catch a referrer credited before any appointment', async () => {
      env.clock.set(NOW.toISOString());
      const paidOnly = await customer('Paid Only');
      await book(paidOnly, { referralCode: code });
      const row = await referralOf(paidOnly);
      // What crediting at payment wrote: the rules must name it.
      await env.database.db.insert(walletEntry).values({
        userId: rita.id,
        kind: 'referral_credit',
        amountPence: 1000,
        description: 'Referral credit',
        referralId: row.id,
        idempotencyKey: `referral-${row.id}-referrer-credit`,
      });
      const broken = await referralRulesBroken();
      expect(broken.map((b) => b.name)).toEqual([
        "a referrer is credited once, and only after the friend's appointment took place",
      ]);
      expect(broken[0]?.rows).toEqual([expect.objectContaining({ id: row.id })]);
    });
  });
}

/** Backends of this database waiting for a lock held by another. */
async function waitingOnLocks(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}
