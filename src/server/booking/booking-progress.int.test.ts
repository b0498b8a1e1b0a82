import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../contract/booking';
import type { GoodwillCreditAnswer, ProgressAnswer } from '../../contract/internal';
import type { Wallet } from '../../contract/me';
import {
  at,
  getJson,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  customerEvent,
  emailOutbox,
  goodwillCredit,
  pushOutbox,
  pushSubscription,
  walletEntry,
  webhookDelivery,
} from '../db/schema';
import { erasePersonalData } from '../account/erase-personal-data';
import { completePastBookings } from './complete-bookings';

// The therapist app's steps through the internal API (docs/decisions/0084): in order, repeated,
// out of order and at once (on PostgreSQL ten requests really race for the booking's lock), each
// accepted step with exactly one notice of each kind, and at most one late-arrival credit.

const AUTH = { authorization: 'Bearer test-internal-token-0123456789abcdef' };
// Webhooks are written to their outbox but never sent: no worker runs.
const WEBHOOK_ENV = {
  WEBHOOK_URLS: 'http://127.0.0.1:9/hook',
  WEBHOOK_SECRET: 'test-webhook-secret-0123456789abcdef',
};

for (const kind of testDatabaseKinds('every')) {
  describe(`therapist progress on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;

    const progress = (bookingId: string, payload: Record<string, unknown>) =>
      env.app.inject({
        method: 'POST',
        url: `/api/internal/bookings/${bookingId}/progress`,
        headers: AUTH,
        payload,
      });
    const book = async (startsAt: string) => {
      const held = await holdOk(env.app, ada, { startsAt });
      const paid = await payRequest(env.app, ada, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const db = () => env.database.db;
    const emails = async (id: string, step: string) =>
      (
        await db()
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.dedupeKey, `booking-${id}-${step}`))
      ).length;
    const pushes = async (id: string, step: string) =>
      (
        await db()
          .select()
          .from(pushOutbox)
          .where(like(pushOutbox.dedupeKey, `booking-${id}-${step}:%`))
      ).length;
    const webhooks = async (id: string) =>
      (
        await db()
          .select({ type: webhookDelivery.type, payload: webhookDelivery.payload })
          .from(webhookDelivery)
          .where(eq(webhookDelivery.bookingId, id))
          .orderBy(webhookDelivery.id)
      ).filter((w) => w.type === 'booking.progress' || w.type === 'booking.completed');
    const lateCredits = (id: string) =>
      db()
        .select({ amountPence: walletEntry.amountPence })
        .from(walletEntry)
        .where(and(eq(walletEntry.bookingId, id), eq(walletEntry.kind, 'late_arrival_credit')));
    const bookingEvents = async (id: string) =>
      (
        await db()
          .select({ n: count() })
          .from(customerEvent)
          .where(and(eq(customerEvent.bookingId, id), eq(customerEvent.kind, 'booking')))
      )[0]?.n ?? 0;

    beforeAll(async () => {
      env = await setUpBookingTest(kind, { env: WEBHOOK_ENV, deps: { webhookWorker: false } });
      ada = await newCustomer(env.app, db(), { name: 'Ada Lovelace' });
      await db()
        .insert(pushSubscription)
        .values({ userId: ada.id, endpoint: 'https://push.example/ada', p256dh: 'k', auth: 'a' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('takes the steps in order, tells the customer once, credits a late arrival and completes like the job', async () => {
      const id = await book(at('2026-11-24', '10:00'));
      env.clock.set('2026-11-24T09:50:00Z');
      const eventsBefore = await bookingEvents(id);

      const onTheWay = await progress(id, { status: 'on_the_way', etaMinutes: 12 });
      expect(onTheWay.statusCode, onTheWay.body).toBe(200);
      expect(onTheWay.json<ProgressAnswer>()).toMatchObject({
        accepted: true,
        bookingStatus: 'confirmed',
        progress: { status: 'on_the_way', onTheWayAt: '2026-11-24T09:50:00.000Z', etaMinutes: 12 },
      });
      // The customer's open page hears of it through the live channel.
      expect(await bookingEvents(id)).toBeGreaterThan(eventsBefore);
      const [mail] = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `booking-${id}-on_the_way`));
      expect(mail?.subject).toBe('Your therapist is on the way');
      expect(mail?.textBody).toContain('Anna is on the way — about 12 minutes.');
      expect(mail?.textBody).toContain(
        'Expected around 10:02 (UK time) for your Massage at 10:00.',
      );

      env.clock.set('2026-11-24T10:05:00Z');
      const late = await progress(id, { status: 'running_late', etaMinutes: 20 });
      expect(late.json<ProgressAnswer>().progress.runningLate).toEqual({
        at: '2026-11-24T10:05:00.000Z',
        etaMinutes: 20,
      });
      env.clock.set('2026-11-24T10:26:00Z');
      const arrived = await progress(id, { status: 'arrived', at: '2026-11-24T10:25:30.000Z' });
      expect(arrived.json<ProgressAnswer>().progress).toMatchObject({
        status: 'arrived',
        arrivedAt: '2026-11-24T10:25:30.000Z',
        lateArrivalCreditPence: 500,
      });
      expect(await lateCredits(id)).toEqual([{ amountPence: 500 }]);
      expect((await progress(id, { status: 'started' })).statusCode).toBe(200);

      // The customer's own view carries the same progress.
      const view = (await getJson(env.app, ada, `/api/bookings/${id}`)).json<BookingView>();
      expect(view.progress).toMatchObject({ status: 'started', lateArrivalCreditPence: 500 });
      const wallet = (await getJson(env.app, ada, '/api/me/wallet')).json<Wallet>();
      expect(wallet.entries[0]).toMatchObject({
        kind: 'late_arrival_credit',
        amountPence: 500,
        description: 'Late arrival credit: Massage, 24 Nov',
      });

      env.clock.set('2026-11-24T11:30:00Z');
      const finished = await progress(id, { status: 'finished' });
      expect(finished.json<ProgressAnswer>()).toMatchObject({
        accepted: true,
        bookingStatus: 'completed',
        progress: { status: 'finished', finishedAt: '2026-11-24T11:30:00.000Z' },
      });
      // The completion job finds nothing left to do for it.
      expect(
        await completePastBookings({
          db: db(),
          now: env.clock.now,
          config: testConfig(WEBHOOK_ENV),
        }),
      ).toBe(0);

      expect((await webhooks(id)).map((w) => w.type)).toEqual([
        'booking.progress',
        'booking.progress',
        'booking.progress',
        'booking.progress',
        'booking.progress',
        'booking.completed',
      ]);
      expect((await webhooks(id))[2]?.payload).toMatchObject({
        data: { progress: { step: 'arrived', lateArrivalCreditPence: 500 } },
      });
      for (const step of ['on_the_way', 'running_late']) {
        expect(await emails(id, step), step).toBe(1);
        expect(await pushes(id, step), step).toBe(1);
      }
      expect(await emails(id, 'arrived')).toBe(0);
    });

    it('answers a repeat with the current state and refuses impossible steps', async () => {
      const id = await book(at('2026-11-25', '10:00'));
      env.clock.set('2026-11-25T09:30:00Z');
      expect((await progress(id, { status: 'on_the_way', etaMinutes: 20 })).statusCode).toBe(200);
      const again = await progress(id, { status: 'on_the_way', etaMinutes: 5 });
      expect(again.statusCode).toBe(200);
      expect(again.json<ProgressAnswer>()).toMatchObject({
        accepted: false,
        progress: { status: 'on_the_way', etaMinutes: 20 },
      });
      expect(await emails(id, 'on_the_way')).toBe(1);

      // Skipping arrival is allowed; going back to it is not.
      expect((await progress(id, { status: 'started' })).statusCode).toBe(200);
      for (const status of ['arrived', 'running_late', 'on_the_way']) {
        const res = await progress(id, { status });
        const expected = status === 'on_the_way' ? 200 : 409;
        expect(res.statusCode, status).toBe(expected);
      }
      const back = await progress(id, { status: 'arrived' });
      expect(back.headers['content-type']).toContain('application/problem+json');
      expect(back.json()).toMatchObject({
        code: 'progress_step_impossible',
        detail: expect.stringMatching(/already at started, which comes after arrived/),
      });
      expect(await webhooks(id)).toHaveLength(2);

      const held = await holdOk(env.app, ada, { startsAt: at('2026-11-26', '10:00') });
      expect((await progress(held.id, { status: 'on_the_way' })).statusCode).toBe(409);
      expect(
        (await progress('00000000-0000-4000-8000-000000000000', { status: 'arrived' })).statusCode,
      ).toBe(404);
      for (const body of [
        { status: 'teleported' },
        { status: 'arrived', etaMinutes: 5 },
        { status: 'on_the_way', etaMinutes: -1 },
        { status: 'finished', at: '2026-11-25T09:31:01.000Z' },
      ]) {
        const res = await progress(id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      // A minute of clock skew is fine.
      expect(
        (await progress(id, { status: 'finished', at: '2026-11-25T09:30:59.000Z' })).statusCode,
      ).toBe(200);
    });

    it('gives one notice and one credit when the same step arrives ten times at once', async () => {
      const id = await book(at('2026-11-27', '10:00'));
      env.clock.set('2026-11-27T09:45:00Z');
      const ways = await Promise.all(
        Array.from({ length: 10 }, () => progress(id, { status: 'on_the_way', etaMinutes: 10 })),
      );
      expect(ways.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(ways.filter((r) => r.json<ProgressAnswer>().accepted)).toHaveLength(1);
      expect(await emails(id, 'on_the_way')).toBe(1);
      expect(await pushes(id, 'on_the_way')).toBe(1);

      env.clock.set('2026-11-27T10:30:00Z');
      const arrivals = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          progress(id, { status: i % 2 ? 'arrived' : 'started' }),
        ),
      );
      expect(arrivals.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(await lateCredits(id)).toEqual([{ amountPence: 500 }]);
      const types = (await webhooks(id)).map((w) => w.type);
      expect(types.length).toBeGreaterThanOrEqual(2);
      expect(types.length).toBeLessThanOrEqual(3);
    });

    it('credits by hand once per idempotency key', async () => {
      const url = `/api/internal/users/${encodeURIComponent(ada.email)}/credit`;
      const body = {
        amountPence: 750,
        reason: 'Sorry about the wait',
        idempotencyKey: 'apology-0001',
      };
      const grant = (payload: object) =>
        env.app.inject({ method: 'POST', url, headers: AUTH, payload });
      const answers = await Promise.all([grant(body), grant(body), grant(body)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const granted = answers.map((r) => r.json<GoodwillCreditAnswer>());
      expect(granted.filter((g) => !g.replayed)).toHaveLength(1);
      expect(new Set(granted.map((g) => g.entryId)).size).toBe(1);

      const changed = await grant({ ...body, amountPence: 751 });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ code: 'idempotency_key_reused' });
      expect((await grant({ ...body, amountPence: 0 })).statusCode).toBe(400);
      expect(
        (
          await env.app.inject({
            method: 'POST',
            url: '/api/internal/users/nobody%40example.com/credit',
            headers: AUTH,
            payload: { ...body, idempotencyKey: 'apology-0002' },
          })
        ).statusCode,
      ).toBe(404);

      const wallet = (await getJson(env.app, ada, '/api/me/wallet')).json<Wallet>();
      expect(wallet.entries.filter((e) => e.kind === 'goodwill_credit')).toEqual([
        expect.objectContaining({
          amountPence: 750,
          description: 'Credit from Glow at Home: Sorry about the wait',
        }),
      ]);

      // Erasing the account takes customer service's words with it; the amount stays.
      await db().transaction((tx) => erasePersonalData(tx, ada.id, env.clock.now()));
      const [kept] = await db()
        .select({ reason: goodwillCredit.reason, amountPence: goodwillCredit.amountPence })
        .from(goodwillCredit)
        .where(eq(goodwillCredit.userId, ada.id));
      expect(kept).toEqual({ reason: null, amountPence: 750 });
    });
  });
}
