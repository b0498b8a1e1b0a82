import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TipAnswer } from '../../contract/tips';
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
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import { completePastBookings } from '../booking/complete-bookings';
import { openDatabase } from '../db/client';
import { providerTask, therapist } from '../db/schema';
import { createPaymentProvider } from '../payments/create-payment-provider';
import { runProviderTasks } from '../payments/provider-tasks';
import { tipTransferKey } from '../tips/record-tip-paid';
import { queueTherapistTransfers, therapistTransferKey } from './queue-therapist-transfers';

// A therapist with no connected payment account is owed a booking's share (paid partly by credit)
// and a tip. Neither can be made yet; both are made, once each, as soon as the account is there,
// by the background jobs of the instances running, with no one touching the tasks
// (docs/decisions/0096). Checked at the Stripe stand-in, which records every request.

const SILENT = { warn: () => undefined, error: () => undefined };

for (const kind of testDatabaseKinds('every')) {
  describe(`transfers awaiting the therapist's account on ${kind}`, () => {
    let fake: FakeStripe;
    let env: BookingTestEnv;
    let stripeEnv: Record<string, string>;
    const db = () => env.database.db;
    const config = () => testConfig(stripeEnv);
    const jobContext = () => ({
      config: config(),
      db: db(),
      payments: createPaymentProvider(config()),
      now: env.clock.now,
    });
    const setAccount = (accountId: string | null) =>
      db().update(therapist).set({ paymentAccountId: accountId }).where(eq(therapist.id, 't-bea'));
    const taskOf = async (idempotencyKey: string) =>
      (
        await db()
          .select()
          .from(providerTask)
          .where(eq(providerTask.idempotencyKey, idempotencyKey))
      )[0];
    /** Every transfer request that reached the provider under this key, repeats included. */
    const transferCalls = (idempotencyKey: string) =>
      fake.requests.filter(
        (r) => r.path === '/v1/transfers' && r.idempotencyKey === idempotencyKey,
      );

    beforeAll(async () => {
      fake = await startFakeStripe();
      // The app's own passes run once at start and then hourly: the test says when they run.
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

    it("makes a booking's share and a tip once each, once the therapist's account appears", async () => {
      const ida = await newCustomer(env.app, db());
      await giveCredit(db(), ida.id, 1000, 'share');
      const startsAt = at('2026-11-24', '09:00');
      const held = await holdOk(env.app, ida, { startsAt, therapistId: 't-bea' });
      expect(held).toMatchObject({ creditAppliedPence: 1000, amountDuePence: 2000 });
      const paid = await payRequest(env.app, ida, held.id, {
        method: 'card',
        paymentMethodId: 'pm_card_visa',
        saveCard: false,
      });
      expect(paid.json(), paid.body).toEqual({ status: 'confirmed' });

      // The therapist's account is gone (disconnected, or never there) by the time money is owed.
      await setAccount(null);
      env.clock.set('2026-11-24T12:30:00Z');
      await completePastBookings({ db: db(), now: env.clock.now, config: config() });
      await queueTherapistTransfers(jobContext(), SILENT);
      await giveCredit(db(), ida.id, 500, 'tip');
      const tipped = await post(env.app, ida, `/api/bookings/${held.id}/tip`, {
        amountPence: 500,
        method: 'credit',
      });
      expect(tipped.json<TipAnswer>(), tipped.body).toMatchObject({ status: 'confirmed' });
      const tipId = tipped.json<TipAnswer>().tipId;
      const keys = { share: therapistTransferKey(held.id), tip: tipTransferKey(tipId) };

      await runProviderTasks(jobContext(), SILENT);
      for (const key of Object.values(keys)) {
        expect(await taskOf(key)).toMatchObject({
          status: 'awaiting_account',
          lastError: 'therapist t-bea has no payment account',
          params: { therapistId: 't-bea', destinationAccountId: null },
        });
        expect(transferCalls(key)).toEqual([]);
      }

      // The account appears (the catalogue import, or PUT /api/internal/therapists/:id). The
      // instances running pick it up at their next pass: here each starts, runs every job's first
      // pass and stops. On PostgreSQL two instances with pools of their own do it at once.
      await setAccount('acct_tbea_new');
      const second =
        kind === 'postgres' && env.database.url
          ? await openDatabase({ kind: 'postgres', url: env.database.url })
          : null;
      const apps: FastifyInstance[] = [];
      try {
        for (const database of [env.database, second ?? env.database])
          apps.push(await buildTestApp(database, { env: stripeEnv, now: env.clock.now }));
        // Ready runs every job's first pass; close waits for the pass in progress.
        await Promise.all(apps.map((app) => app.ready()));
        await Promise.all(apps.map((app) => app.close()));
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await second?.close();
      }
      // Later passes find nothing more to do.
      await runProviderTasks(jobContext(), SILENT);
      await queueTherapistTransfers(jobContext(), SILENT);

      const made = (key: string) =>
        transferCalls(key).map((r) => [r.params.amount, r.params.destination]);
      expect(made(keys.share)).toEqual([['800', 'acct_tbea_new']]);
      expect(made(keys.tip)).toEqual([['500', 'acct_tbea_new']]);
      for (const key of Object.values(keys))
        expect(await taskOf(key)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    }, 120_000);
  });
}
