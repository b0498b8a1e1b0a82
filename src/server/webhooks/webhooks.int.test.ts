import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventSchema, type WebhookEvent } from '../../contract/webhooks';
import {
  at,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../../test-support/test-webhook-receiver';
import { completePastBookings } from '../booking/complete-bookings';
import { openDatabase, type Database } from '../db/client';
import { webhookDelivery } from '../db/schema';
import { verifyWebhookSignature } from './webhook-signature';
import { createWebhookWorker, WEBHOOK_USER_AGENT, type WebhookWorker } from './webhook-worker';

// The receiving system is a local HTTP server with two URLs (/a and /b): every event goes to both.
// The app's own worker is off; the test drives one (and on PostgreSQL a second instance, with a
// pool of its own) round by round, retrying at once instead of after 10 s.

const SECRET = 'test-webhook-secret-0123456789abcdef';
const silent = { warn: () => undefined };

for (const kind of testDatabaseKinds('every')) {
  describe(`booking webhooks on ${kind}`, () => {
    let receiver: WebhookReceiver;
    let env: BookingTestEnv;
    let worker: WebhookWorker;
    let second: Database | null = null;
    let webhookEnv: Record<string, string>;

    const workerOn = (database: Database) =>
      createWebhookWorker({
        db: database.db,
        secret: SECRET,
        log: silent,
        settings: { backoffBaseMs: 0 },
      });
    const book = async (c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(env.app, c, { startsAt });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const eventOf = (r: ReceivedWebhook): WebhookEvent =>
      webhookEventSchema.parse(JSON.parse(r.body));
    /** What one URL took (answered 2xx) about one booking, in the order it arrived. */
    const accepted = (bookingId: string, path = '/a') =>
      receiver.received
        .filter((r) => r.path === path && r.answered < 300)
        .map(eventOf)
        .filter((e) => e.data.booking.id === bookingId);
    const rowsOf = (bookingId: string) =>
      env.database.db
        .select()
        .from(webhookDelivery)
        .where(eq(webhookDelivery.bookingId, bookingId))
        .orderBy(webhookDelivery.id);

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      webhookEnv = {
        WEBHOOK_URLS: `${receiver.baseUrl}/a,${receiver.baseUrl}/b`,
        WEBHOOK_SECRET: SECRET,
      };
      env = await setUpBookingTest(kind, { env: webhookEnv, deps: { webhookWorker: false } });
      worker = workerOn(env.database);
      if (kind === 'postgres' && env.database.url) {
        second = await openDatabase({ kind: 'postgres', url: env.database.url });
      }
    });
    afterAll(async () => {
      await env.app.close();
      await second?.close();
      await env.database.destroy();
      await receiver.close();
    });

    it('sends booking.confirmed, signed, to every URL once the booking is paid', async () => {
      const ada = await newCustomer(env.app, env.database.db);
      const id = await book(ada, at('2026-11-24', '10:00'));
      const rows = await rowsOf(id);
      expect(rows.map((r) => [r.type, r.url, r.status])).toEqual([
        ['booking.confirmed', `${receiver.baseUrl}/a`, 'pending'],
        ['booking.confirmed', `${receiver.baseUrl}/b`, 'pending'],
      ]);
      expect(rows[0]?.eventId).toBe(rows[1]?.eventId);

      expect(await worker.drain()).toBe(2);
      const got = receiver.received.filter((r) => eventOf(r).data.booking.id === id);
      expect(got.map((r) => r.path).sort()).toEqual(['/a', '/b']);
      for (const r of got) {
        const header = String(r.headers['webhook-signature']);
        const signedAt = Number(/^t=(\d+),/.exec(header)?.[1]);
        expect(verifyWebhookSignature(SECRET, header, r.body)).toEqual({ ok: true, t: signedAt });
        expect(
          verifyWebhookSignature('another-secret', r.headers['webhook-signature'] as string, r.body)
            .ok,
        ).toBe(false);
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
        const event = eventOf(r);
        expect(r.headers['webhook-id']).toBe(event.id);
        expect(event).toMatchObject({
          id: rows[0]?.eventId,
          type: 'booking.confirmed',
          createdAt: env.clock.now().toISOString(),
          data: { booking: { id, status: 'confirmed', startsAt: at('2026-11-24', '10:00') } },
        });
        expect(event.data.booking.amounts.cardPence).toBe(3000);
      }
      expect((await rowsOf(id)).map((r) => [r.status, r.attempts, r.lastStatus])).toEqual([
        ['delivered', 1, 200],
        ['delivered', 1, 200],
      ]);
      expect(await worker.drain()).toBe(0);
    });

    it('retries a delivery the receiver refused three times, and it arrives once', async () => {
      const ben = await newCustomer(env.app, env.database.db);
      receiver.answerNext('/a', 500, 500, 500);
      const id = await book(ben, at('2026-11-24', '12:00'));
      for (let round = 1; round <= 3; round++) await worker.runOnce();
      const [waiting] = await rowsOf(id);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 3, lastStatus: 500 });
      expect(waiting?.lastError).toContain('answered 500');

      await worker.drain();
      const tries = receiver.received.filter(
        (r) => r.path === '/a' && eventOf(r).data.booking.id === id,
      );
      expect(tries.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
      expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(accepted(id)).toHaveLength(1);
      expect((await rowsOf(id)).map((r) => [r.url.slice(-2), r.status, r.attempts])).toEqual([
        ['/a', 'delivered', 4],
        ['/b', 'delivered', 1],
      ]);
    });

    it("delivers a booking's events in order, a later one waiting while an earlier one is retried", async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      const id = await book(cleo, at('2026-11-25', '10:00'));
      const moved = await post(env.app, cleo, `/api/bookings/${id}/reschedule`, {
        startsAt: at('2026-11-26', '10:00'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await post(env.app, cleo, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);

      receiver.answerNext('/a', 500, 503);
      // Only the head of each URL's queue goes out: the confirmation, refused at /a twice.
      expect(await worker.runOnce()).toBe(2);
      expect(await worker.runOnce()).toBe(2); // /a's confirmation again; /b's move
      expect(accepted(id)).toEqual([]);
      await worker.drain();
      for (const path of ['/a', '/b']) {
        const events = accepted(id, path);
        expect(events.map((e) => e.type)).toEqual([
          'booking.confirmed',
          'booking.moved',
          'booking.cancelled',
        ]);
        expect(events[1]?.data.booking.startsAt).toBe(at('2026-11-26', '10:00'));
        expect(events[2]?.data.booking.status).toBe('cancelled');
      }
    });

    it('writes nothing for other systems when webhooks are not configured', async () => {
      const plain = await buildTestApp(env.database, { now: env.clock.now });
      try {
        const dan = await newCustomer(plain, env.database.db);
        const held = await holdOk(plain, dan, { startsAt: at('2026-11-26', '14:00') });
        expect((await payRequest(plain, dan, held.id)).statusCode).toBe(200);
        expect(await rowsOf(held.id)).toEqual([]);
      } finally {
        await plain.close();
      }
    });

    it('never makes the same attempt twice at once with two instances delivering together', async () => {
      // Five of Anna's bookings: four fill a day (75 minutes with the turnaround, then the
      // 30-minute journey to the next, docs/decisions/0077), the fifth on the day the move above
      // left free.
      const times = [
        ...['09:00', '11:00', '13:00', '15:00'].map((t) => at('2026-11-27', t)),
        at('2026-11-25', '13:00'),
      ];
      const ids: string[] = [];
      for (const startsAt of times)
        ids.push(await book(await newCustomer(env.app, env.database.db), startsAt));
      const workers = [worker, workerOn(second ?? env.database)];
      const rounds = await Promise.all(workers.flatMap((w) => [w.drain(), w.drain(), w.runOnce()]));
      expect(rounds.reduce((a, b) => a + b, 0)).toBe(ids.length * 2);
      for (const id of ids) {
        for (const path of ['/a', '/b']) {
          const copies = receiver.received.filter(
            (r) => r.path === path && eventOf(r).data.booking.id === id,
          );
          expect(copies, `${id} at ${path}`).toHaveLength(1);
        }
        expect((await rowsOf(id)).map((r) => [r.status, r.attempts])).toEqual([
          ['delivered', 1],
          ['delivered', 1],
        ]);
      }
    });

    it('sends booking.completed once the treatment has ended', async () => {
      const eve = await newCustomer(env.app, env.database.db);
      const id = await book(eve, at('2026-11-28', '10:00'));
      await worker.drain();
      env.clock.set('2026-11-28T11:00:00Z');
      const ctx = { db: env.database.db, now: env.clock.now, config: testConfig(webhookEnv) };
      expect(await completePastBookings(ctx)).toBeGreaterThanOrEqual(1);
      await worker.drain();
      const events = accepted(id);
      expect(events.map((e) => e.type)).toEqual(['booking.confirmed', 'booking.completed']);
      expect(events[1]?.data.booking.status).toBe('completed');
      expect(events[1]?.createdAt).toBe('2026-11-28T11:00:00.000Z');
    });
  });
}
