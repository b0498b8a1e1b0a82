import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  holdOk,
  newCustomer,
  NOW,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import { newDeviceKeys } from '../../test-support/test-push-service';
import { openDatabase, type Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { emailOutbox } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { completePastBookings } from './complete-bookings';
import { sendDueReminders } from './send-reminders';

// Two instances of the jobs on one database, each with its own connection pool on PostgreSQL
// (PGlite has one connection: the same code, run one transaction at a time), and a clock the
// test moves. Every reminder must be written exactly once, whatever the two do at once.

for (const kind of testDatabaseKinds('every')) {
  describe(`booking reminders and completion on ${kind}`, () => {
    let env: BookingTestEnv;
    let second: Database | null = null;
    let instances: Parameters<typeof sendDueReminders>[0][];

    const book = async (c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(env.app, c, { startsAt });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const remindersFor = async (bookingId: string) =>
      env.database.db
        .select({
          key: emailOutbox.dedupeKey,
          subject: emailOutbox.subject,
          text: emailOutbox.textBody,
        })
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `booking-${bookingId}-reminder-%`));
    /** Both instances, several rounds each, all at once. */
    const runBoth = async () => {
      const rounds = instances.flatMap((ctx) => [1, 2, 3].map(() => sendDueReminders(ctx)));
      return (await Promise.all(rounds)).reduce((a, b) => a + b, 0);
    };
    const statusOf = async (id: string) => {
      const [row] = await queryRows<{ status: string }>(
        env.database.db,
        sql`select status from booking where id = ${id}`,
      );
      return row?.status;
    };

    beforeAll(async () => {
      env = await setUpBookingTest(kind, { env: { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
      const config = testConfig();
      const contextOf = (database: Database) => ({
        db: database.db,
        config,
        now: env.clock.now,
        mailer: createMailer(database.db, config),
      });
      if (kind === 'postgres' && env.database.url) {
        second = await openDatabase({ kind: 'postgres', url: env.database.url });
      }
      instances = [contextOf(env.database), contextOf(second ?? env.database)];
    });
    afterAll(async () => {
      await env.app.close();
      await second?.close();
      await env.database.destroy();
    });

    it('reminds once, 24 hours ahead; never a cancelled booking; a moved one at its new time', async () => {
      env.clock.set(NOW.toISOString()); // Monday 08:00
      const [ada, ben, cleo, dan] = await Promise.all(
        [1, 2, 3, 4].map(() => newCustomer(env.app, env.database.db)),
      );
      if (!ada || !ben || !cleo || !dan) throw new Error('customers');
      // Ada's phone is registered: her reminder is pushed as well as emailed.
      const subscribed = await env.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: ada.headers,
        payload: { endpoint: 'http://127.0.0.1:9/push/ada', keys: newDeviceKeys().json },
      });
      expect(subscribed.statusCode).toBe(200);
      const adaBooking = await book(ada, at('2026-11-25', '10:00')); // Wednesday
      const benBooking = await book(ben, at('2026-11-26', '10:00'));
      const cleoBooking = await book(cleo, at('2026-11-26', '12:00'));
      expect((await post(env.app, ben, `/api/bookings/${benBooking}/cancel`)).statusCode).toBe(200);
      const moved = await post(env.app, cleo, `/api/bookings/${cleoBooking}/reschedule`, {
        startsAt: at('2026-11-27', '14:00'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // Dan books on Monday at noon for Tuesday 10:00, inside the 24 hours: he was just told.
      env.clock.set('2026-11-23T12:00:00Z');
      const danBooking = await book(dan, at('2026-11-24', '10:00'));

      // Tuesday 09:59: nothing due yet.
      env.clock.set('2026-11-24T09:59:00Z');
      expect(await runBoth()).toBe(0);

      // Tuesday 10:00: Ada's reminder, once, by email and push; Dan gets none.
      env.clock.set('2026-11-24T10:00:00Z');
      expect(await runBoth()).toBe(1);
      expect(await runBoth()).toBe(0);
      const adaReminders = await remindersFor(adaBooking);
      expect(adaReminders).toEqual([
        expect.objectContaining({ subject: 'Reminder: your appointment is coming up' }),
      ]);
      expect(adaReminders[0]?.text).toMatch(/Wednesday, 25 November 2026 at 10:00/);
      const pushes = await queryRows<{ dedupe_key: string }>(
        env.database.db,
        sql`select dedupe_key from push_outbox where dedupe_key like ${`booking-${adaBooking}-reminder-%`}`,
      );
      expect(pushes).toHaveLength(1);
      expect(await remindersFor(danBooking)).toEqual([]);

      // Thursday 12:00 would have been Cleo's old time's reminder, and Ben's: neither is sent.
      env.clock.set('2026-11-25T12:00:00Z');
      expect(await runBoth()).toBe(0);
      expect(await remindersFor(benBooking)).toEqual([]);
      expect(await remindersFor(cleoBooking)).toEqual([]);

      // Thursday 14:00: Cleo is reminded of Friday 14:00, her new time, once.
      env.clock.set('2026-11-26T14:00:00Z');
      expect(await runBoth()).toBe(1);
      const cleoReminders = await remindersFor(cleoBooking);
      expect(cleoReminders).toHaveLength(1);
      expect(cleoReminders[0]?.key).toBe(`booking-${cleoBooking}-reminder-1`);
      expect(cleoReminders[0]?.text).toMatch(/Friday, 27 November 2026 at 14:00/);
      expect(await runBoth()).toBe(0);
    });

    it('sends a reminder that fell due while no instance was running when one starts', async () => {
      env.clock.set(NOW.toISOString());
      const gus = await newCustomer(env.app, env.database.db);
      const id = await book(gus, at('2026-11-27', '09:00'));
      // Every instance was down from before Thursday 09:00 until Thursday 18:00; one starts.
      env.clock.set('2026-11-26T18:00:00Z');
      const restarted = await buildTestApp(env.database, { now: env.clock.now });
      await restarted.ready();
      await expect.poll(async () => (await remindersFor(id)).length).toBe(1);
      await restarted.close();
    });

    it('marks bookings completed once their treatment time has ended, once', async () => {
      env.clock.set(NOW.toISOString());
      const eve = await newCustomer(env.app, env.database.db);
      const id = await book(eve, at('2026-11-28', '09:00')); // 60 minutes
      // Saturday 09:59: the week's earlier bookings are over (the first test's), Eve's is not.
      env.clock.set('2026-11-28T09:59:00Z');
      await Promise.all(instances.map((ctx) => completePastBookings(ctx)));
      expect(await statusOf(id)).toBe('confirmed');

      // 10:00, the end of her hour: both instances at once complete it, once between them.
      env.clock.set('2026-11-28T10:00:00Z');
      const done = await Promise.all(instances.map((ctx) => completePastBookings(ctx)));
      expect(done.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await statusOf(id)).toBe('completed');
      const again = await Promise.all(instances.map((ctx) => completePastBookings(ctx)));
      expect(again).toEqual([0, 0]);
      // A completed booking can no longer be cancelled.
      const late = await post(env.app, eve, `/api/bookings/${id}/cancel`);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('not_cancellable');
      // Cancelled bookings stay cancelled.
      const cancelled = await queryRows<{ n: string }>(
        env.database.db,
        sql`select count(*) as n from booking where status = 'completed' and cancelled_at is not null`,
      );
      expect(Number(cancelled[0]?.n)).toBe(0);
    });
  });
}
