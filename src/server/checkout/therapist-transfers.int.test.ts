import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf } from '../../domain/cancellation';
import {
  at,
  bookingCatalogue,
  bookingTherapist,
  giveCredit,
  holdOk,
  newCustomer,
  NOW,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { openDatabase, type Database } from '../db/client';
import { businessPayment, providerTask, therapist } from '../db/schema';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import { setTestCustomerFlags } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { createPaymentProvider } from '../payments/create-payment-provider';
import { releaseTransfersAwaitingAccount } from '../payments/therapist-transfers';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import { queueTherapistTransfers } from './queue-therapist-transfers';

// The therapist's share of what the platform holds (credit, invoices) reaches their connected
// account as a Stripe transfer once the appointment has started (docs/decisions/0021). Checked at
// the Stripe stand-in, which records every transfer and enforces idempotency keys.

const FEE = 20;

for (const kind of testDatabaseKinds('every')) {
  describe(`the therapist's share on ${kind}`, () => {
    let fake: FakeStripe;
    let env: BookingTestEnv;
    let stripeEnv: Record<string, string>;
    let slot = 0;
    // Two hours apart: 75 minutes with the turnaround, then the 30-minute journey (decision 0077).
    const nextSlot = () => {
      const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
      const times = ['09:00', '11:00', '13:00', '15:00'];
      const day = days[Math.floor(slot / times.length)];
      const time = times[slot % times.length];
      slot++;
      if (!day || !time) throw new Error('out of test slots');
      return at(day, time);
    };
    const errors: { details: object; message: string }[] = [];
    const log = {
      warn: () => undefined,
      error: (details: object, message: string) => errors.push({ details, message }),
    };
    /** One pass of the job, as an instance of the app on `database` runs it. */
    const runJob = (database: Database = env.database) => {
      const config = testConfig(stripeEnv);
      return queueTherapistTransfers(
        { config, db: database.db, payments: createPaymentProvider(config), now: env.clock.now },
        log,
      );
    };
    /** One pass of the job that releases transfers once the therapist's account is there. */
    const releaseJob = () => {
      const config = testConfig(stripeEnv);
      return releaseTransfersAwaitingAccount(
        { db: env.database.db, payments: createPaymentProvider(config), now: env.clock.now },
        log,
      );
    };
    const transfersOf = (bookingId: string) =>
      fake.transfers.filter((t) => t.params['metadata[bookingId]'] === bookingId);
    const chargesOf = (bookingId: string) =>
      fake.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.params['metadata[bookingId]'] === bookingId,
      );
    const transferTasksOf = (bookingId: string) =>
      env.database.db
        .select()
        .from(providerTask)
        .where(and(eq(providerTask.bookingId, bookingId), eq(providerTask.kind, 'transfer')));
    const card = { method: 'card', paymentMethodId: 'pm_card_visa', saveCard: false };

    async function paidBooking(
      who: BookingCustomer,
      options: { credit?: number; therapistId?: string; payment?: Record<string, unknown> } = {},
    ) {
      if (options.credit)
        await giveCredit(env.database.db, who.id, options.credit, `credit-${slot}`);
      const startsAt = nextSlot();
      const held = await holdOk(env.app, who, {
        startsAt,
        ...(options.therapistId ? { therapistId: options.therapistId } : {}),
      });
      const paid = await payRequest(env.app, who, held.id, options.payment ?? card);
      expect(paid.json(), paid.body).toEqual({ status: 'confirmed' });
      return { ...held, startsAt };
    }

    /** Runs `work` with the clock at `iso`, then puts it back so later tests can book again. */
    async function atTime<T>(iso: string, work: () => Promise<T>): Promise<T> {
      env.clock.set(iso);
      try {
        return await work();
      } finally {
        env.clock.set(NOW.toISOString());
      }
    }

    beforeAll(async () => {
      fake = await startFakeStripe();
      // The app's own passes run once at start and then hourly: the tests run the job themselves.
      stripeEnv = { ...STRIPE_ENV(fake.url), PAYMENT_JOBS_INTERVAL_SECONDS: '3600' };
      env = await setUpBookingTest(kind, {
        env: stripeEnv,
        catalogue: bookingCatalogue([bookingTherapist('t-anna'), bookingTherapist('t-bea')]),
      });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await fake.close();
    });

    it('pays the credit-funded part by transfer once the appointment has started, once', async () => {
      const ada = await newCustomer(env.app, env.database.db);
      const held = await paidBooking(ada, { credit: 1000 });
      expect(held).toMatchObject({
        totalPricePence: 3000,
        creditAppliedPence: 1000,
        amountDuePence: 2000,
      });
      const [charge] = chargesOf(held.id);
      expect(charge?.params).toMatchObject({
        amount: '2000',
        'transfer_data[destination]': 'acct_tanna',
        application_fee_amount: '400',
      });

      await runJob();
      const startMs = new Date(held.startsAt).getTime();
      await atTime(new Date(startMs - 60_000).toISOString(), runJob);
      expect(transfersOf(held.id)).toEqual([]);
      expect(await transferTasksOf(held.id)).toEqual([]);

      await atTime(held.startsAt, async () => {
        await runJob();
        await runJob();
      });
      const transfers = transfersOf(held.id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]?.idempotencyKey).toBe(`booking-${held.id}-therapist-transfer`);
      expect(transfers[0]?.params).toMatchObject({
        amount: '800',
        currency: 'gbp',
        destination: 'acct_tanna',
        transfer_group: `booking-${held.id}`,
      });
      const [task] = await transferTasksOf(held.id);
      expect(task).toMatchObject({ status: 'done', attempts: 1 });

      const viaCharge =
        Number(charge?.params.amount) - Number(charge?.params.application_fee_amount);
      const viaTransfer = Number(transfers[0]?.params.amount);
      expect(viaCharge + viaTransfer).toBe(3000 - percentOf(3000, FEE));
      expect(viaCharge + viaTransfer).toBe(2400);
    });

    it('pays a booking wholly funded by credit its whole share by transfer', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      const held = await paidBooking(cleo, { credit: 5000 });
      expect(held.amountDuePence).toBe(0);
      expect(chargesOf(held.id)).toEqual([]);
      await atTime(held.startsAt, runJob);
      expect(transfersOf(held.id).map((t) => [t.params.amount, t.params.destination])).toEqual([
        ['2400', 'acct_tanna'],
      ]);
    });

    it('pays an invoiced booking its whole share by transfer, credit or not', async () => {
      const firm = await newCustomer(env.app, env.database.db, { accountType: 'business' });
      await env.database.db
        .insert(businessPayment)
        .values({ userId: firm.id, arrangement: 'invoice' });
      await setTestCustomerFlags(env.database.db, firm.id, { accountType: 'business' });
      const invoiced = await paidBooking(firm, { payment: { method: 'invoice' } });
      const part = await paidBooking(firm, { credit: 1000, payment: { method: 'invoice' } });
      expect(part).toMatchObject({ creditAppliedPence: 1000, amountDuePence: 2000 });
      expect([...chargesOf(invoiced.id), ...chargesOf(part.id)]).toEqual([]);
      await atTime(part.startsAt, runJob);
      for (const id of [invoiced.id, part.id])
        expect(transfersOf(id).map((t) => [t.params.amount, t.params.destination])).toEqual([
          ['2400', 'acct_tanna'],
        ]);
    });

    it('transfers nothing for a booking cancelled before its start or paid wholly by card', async () => {
      const [ben, dan, eve] = await Promise.all(
        [1, 2, 3].map(() => newCustomer(env.app, env.database.db)),
      );
      if (!ben || !dan || !eve) throw new Error('no customers');
      const cancelled = await paidBooking(ben, { credit: 1000 });
      const res = await post(env.app, ben, `/api/bookings/${cancelled.id}/cancel`);
      expect(res.json()).toMatchObject({ status: 'cancelled' });
      const cardOnly = await paidBooking(dan);
      // Paid like the cancelled one and started at the same pass: proof the pass ran.
      const control = await paidBooking(eve, { credit: 1000 });
      await atTime(control.startsAt, runJob);
      expect(transfersOf(control.id).map((t) => t.params.amount)).toEqual(['800']);
      expect(transfersOf(cancelled.id)).toEqual([]);
      expect(transfersOf(cardOnly.id)).toEqual([]);
      expect(await transferTasksOf(cancelled.id)).toEqual([]);
      expect(await transferTasksOf(cardOnly.id)).toEqual([]);
    });

    it('logs a therapist without a payment account once, and transfers once it is connected', async () => {
      const fay = await newCustomer(env.app, env.database.db);
      const held = await paidBooking(fay, { credit: 1000, therapistId: 't-bea' });
      await env.database.db
        .update(therapist)
        .set({ paymentAccountId: null })
        .where(eq(therapist.id, 't-bea'));
      errors.length = 0;
      await atTime(held.startsAt, async () => {
        await runJob();
        await runJob();
      });
      expect(transfersOf(held.id)).toEqual([]);
      expect(errors).toEqual([
        {
          details: { bookingId: held.id, therapistId: 't-bea', amountPence: 800 },
          message: expect.stringContaining('awaits their payment account'),
        },
      ]);
      const [awaiting] = await transferTasksOf(held.id);
      expect(awaiting).toMatchObject({
        status: 'awaiting_account',
        lastError: 'therapist t-bea has no payment account',
        params: { therapistId: 't-bea', destinationAccountId: null, amountPence: 800 },
      });
      expect(await releaseJob()).toBe(0);

      // The therapist connects their account (the catalogue import, or the internal API): no one
      // touches the task, and it is made once (docs/decisions/0096).
      await env.database.db
        .update(therapist)
        .set({ paymentAccountId: 'acct_tbea_new' })
        .where(eq(therapist.id, 't-bea'));
      await atTime(held.startsAt, async () => {
        expect(await releaseJob()).toBe(1);
        expect(await releaseJob()).toBe(0);
        await runJob();
      });
      expect(transfersOf(held.id).map((t) => [t.params.amount, t.params.destination])).toEqual([
        ['800', 'acct_tbea_new'],
      ]);
      expect(await transferTasksOf(held.id)).toMatchObject([
        { status: 'done', attempts: 1, lastError: null },
      ]);
    });

    it('transfers once when two app instances run the background job at the same moment', async () => {
      const gil = await newCustomer(env.app, env.database.db);
      const held = await paidBooking(gil, { credit: 1000 });
      // A second instance has a pool of its own on PostgreSQL; PGlite is one connection per process.
      const second =
        kind === 'postgres' && env.database.url
          ? await openDatabase({ kind: 'postgres', url: env.database.url })
          : null;
      const apps: FastifyInstance[] = [];
      try {
        await atTime(held.startsAt, async () => {
          for (const database of [env.database, second ?? env.database])
            apps.push(await buildTestApp(database, { env: stripeEnv, now: env.clock.now }));
          // Ready runs every job's first pass; close waits for the pass in progress.
          await Promise.all(apps.map((app) => app.ready()));
          await Promise.all(apps.map((app) => app.close()));
          // Never twice. It may be none yet: another job of the same instant (the reminders)
          // can hold the booking's row, and a claim skips a locked row until the next pass.
          expect(transfersOf(held.id).length).toBeLessThanOrEqual(1);
          await runJob(second ?? env.database);
        });
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await second?.close();
      }
      const transfers = transfersOf(held.id);
      expect(transfers.map((t) => [t.params.amount, t.params.destination])).toEqual([
        ['800', 'acct_tanna'],
      ]);
      expect(await transferTasksOf(held.id)).toHaveLength(1);
    });
  });
}
