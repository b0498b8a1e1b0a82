import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { providerTask } from '../db/schema';
import { testConfig } from '../../test-support/test-config';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import {
  MAX_TASK_ATTEMPTS,
  enqueueProviderTask,
  runProviderTasks,
  taskBackoffMs,
} from './provider-tasks';
import { StripePaymentProvider } from './stripe-provider';

// Provider calls decided by a committed change are made after it, retried with backoff while the
// provider is down, given up (loudly) after MAX_TASK_ATTEMPTS, and made once however many
// instances run the worker.

const T0 = new Date('2026-11-23T08:00:00Z');

for (const kind of testDatabaseKinds('every')) {
  describe(`payment provider tasks on ${kind}`, () => {
    let fake: FakeStripe;
    let database: TestDatabase;
    let stripe: StripePaymentProvider;
    const errors: object[] = [];
    const log = { warn: () => undefined, error: (details: object) => void errors.push(details) };
    const refund = (n: number) => ({
      kind: 'refund' as const,
      providerPaymentId: `pi_task_${n}`,
      amountPence: 100 + n,
      idempotencyKey: `test-${kind}-refund-${n}`,
    });
    const statusOf = async (key: string) => {
      const [row] = await database.db
        .select()
        .from(providerTask)
        .where(eq(providerTask.idempotencyKey, key));
      return row;
    };

    beforeAll(async () => {
      fake = await startFakeStripe();
      database = await createTestDatabase(kind);
      stripe = StripePaymentProvider.fromConfig(testConfig(STRIPE_ENV(fake.url)).payments);
    });
    afterAll(async () => {
      await database.destroy();
      await fake.close();
    });

    // A refund task names its booking, which the foreign key wants to exist: these are written
    // without one, as the queue itself does not care.
    async function enqueue(n: number, now = T0) {
      const rest = refund(n);
      await database.db.insert(providerTask).values({
        provider: 'stripe',
        kind: rest.kind,
        idempotencyKey: rest.idempotencyKey,
        params: { providerPaymentId: rest.providerPaymentId, amountPence: rest.amountPence },
        nextAttemptAt: now,
      });
    }

    it('retries a call the provider failed, after the backoff, and then makes it once', async () => {
      await enqueue(1);
      fake.failNext('POST', '/v1/refunds', 3); // the SDK's own two retries fail as well
      let now = T0;
      const ctx = { db: database.db, payments: stripe, now: () => now };
      expect(await runProviderTasks(ctx, log)).toBe(0);
      const failed = await statusOf(refund(1).idempotencyKey);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed?.lastError).toMatch(/unknown error/);
      expect(failed?.nextAttemptAt.getTime()).toBe(T0.getTime() + taskBackoffMs(1));

      now = new Date(T0.getTime() + taskBackoffMs(1) - 1000);
      expect(await runProviderTasks(ctx, log)).toBe(0); // not due yet
      now = new Date(T0.getTime() + taskBackoffMs(1));
      expect(await runProviderTasks(ctx, log)).toBe(1);
      expect(await statusOf(refund(1).idempotencyKey)).toMatchObject({
        status: 'done',
        attempts: 2,
      });
      expect(fake.refunds.filter((r) => r.params.payment_intent === 'pi_task_1')).toHaveLength(1);
      expect(await runProviderTasks(ctx, log)).toBe(0);
    });

    it('gives up after the last attempt and says so at error level', async () => {
      await enqueue(2);
      await database.db
        .update(providerTask)
        .set({ attempts: MAX_TASK_ATTEMPTS - 1 })
        .where(eq(providerTask.idempotencyKey, refund(2).idempotencyKey));
      fake.failNext('POST', '/v1/refunds', 3);
      await runProviderTasks({ db: database.db, payments: stripe, now: () => T0 }, log);
      expect(await statusOf(refund(2).idempotencyKey)).toMatchObject({ status: 'failed' });
      expect(errors).toHaveLength(1);
    });

    it('enqueuing the same task twice keeps one', async () => {
      const detach = {
        kind: 'detach_card' as const,
        providerCardId: 'pm_x',
        idempotencyKey: `test-${kind}-detach`,
      };
      await enqueueProviderTask(database.db, 'demo', detach, T0);
      await enqueueProviderTask(database.db, 'demo', detach, T0);
      const rows = await database.db
        .select()
        .from(providerTask)
        .where(eq(providerTask.idempotencyKey, detach.idempotencyKey));
      expect(rows).toHaveLength(1);
    });

    if (kind === 'postgres')
      it('two instances draining one queue make each call once', async () => {
        for (let n = 100; n < 140; n++) await enqueue(n);
        const other: Database = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
        try {
          const passes = await Promise.all(
            [database.db, other.db].flatMap((db) =>
              [0, 1, 2].map(() => runProviderTasks({ db, payments: stripe, now: () => T0 }, log)),
            ),
          );
          expect(passes.reduce((a, b) => a + b, 0)).toBe(40);
        } finally {
          await other.close();
        }
        const keys = fake.requests
          .filter(
            (r) => r.path === '/v1/refunds' && /refund-1[0-3]\d$/.test(r.idempotencyKey ?? ''),
          )
          .map((r) => r.idempotencyKey);
        expect(new Set(keys).size).toBe(40);
        expect(keys).toHaveLength(40);
      });
  });
}
