import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { providerTask } from '../db/schema';
import type { PaymentProvider } from './payment-provider';

// Calls to the payment provider that a committed change has decided on. They are written in the
// transaction of the change (so they happen if and only if it commits), made after the commit,
// outside any transaction, and retried with backoff until the provider answers. Each carries an
// idempotency key, so a task run twice (a crash after the call, before marking it done) moves
// money once. Any number of instances can run tasks: they are claimed with SKIP LOCKED.

export type ProviderTask =
  | {
      kind: 'refund';
      /** The booking paid for, or null for a gift card (giftCardId). */
      bookingId: string | null;
      giftCardId?: string;
      providerPaymentId: string;
      amountPence: number;
      idempotencyKey: string;
      /** False for a charge that went to the platform alone (a gift card): nothing to reverse. */
      reverseTransfer?: boolean;
    }
  | {
      kind: 'cancel_payment';
      bookingId: string | null;
      providerPaymentId: string;
      idempotencyKey: string;
    }
  | {
      kind: 'transfer';
      bookingId: string;
      /** Whose account it goes to (therapist-transfers.ts). */
      therapistId?: string;
      destinationAccountId: string;
      amountPence: number;
      description: string;
      idempotencyKey: string;
    }
  | { kind: 'delete_customer'; providerCustomerId: string; idempotencyKey: string }
  | { kind: 'detach_card'; providerCardId: string; idempotencyKey: string };

/** A claimed task is the claimer's for this long; after it, a crashed claimer's task is retaken. */
export const TASK_LEASE_MS = 2 * 60_000;
export const MAX_TASK_ATTEMPTS = 12;
const BATCH = 20;

/** 30 s, 1 min, 2 min … capped at 1 h: a provider outage is waited out, not hammered. */
export function taskBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export async function enqueueProviderTask(
  tx: Db,
  provider: string,
  task: ProviderTask,
  now: Date,
): Promise<void> {
  const { kind, idempotencyKey, ...params } = task;
  await tx
    .insert(providerTask)
    .values({
      provider,
      kind,
      idempotencyKey,
      params,
      bookingId: 'bookingId' in task ? task.bookingId : null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: providerTask.idempotencyKey });
}

interface ClaimedTask {
  id: number;
  kind: ProviderTask['kind'];
  idempotency_key: string;
  params: Record<string, unknown>;
  attempts: number;
}

async function perform(payments: PaymentProvider, task: ClaimedTask): Promise<unknown> {
  const p = task.params;
  const str = (name: string) => String(p[name]);
  switch (task.kind) {
    case 'refund':
      await payments.refund({
        providerPaymentId: str('providerPaymentId'),
        amountPence: Number(p.amountPence),
        idempotencyKey: task.idempotency_key,
        reverseTransfer: p.reverseTransfer !== false,
      });
      return null;
    case 'cancel_payment':
      await payments.cancel(str('providerPaymentId'), task.idempotency_key);
      return null;
    case 'transfer':
      return payments.transfer({
        destinationAccountId: str('destinationAccountId'),
        amountPence: Number(p.amountPence),
        bookingId: str('bookingId'),
        description: str('description'),
        idempotencyKey: task.idempotency_key,
      });
    case 'delete_customer':
      await payments.deleteCustomer(str('providerCustomerId'));
      return null;
    case 'detach_card':
      await payments.detachCard(str('providerCardId'));
      return null;
  }
}

export interface TaskLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * One pass: claims the due tasks of this provider (committing the claim, so the calls happen
 * outside any transaction), calls the provider, and records each outcome. Answers how many were
 * done.
 */
export async function runProviderTasks(
  ctx: { db: Db; payments: PaymentProvider; now: () => Date },
  log: TaskLog,
): Promise<number> {
  const now = ctx.now();
  const claimed = await queryRows<ClaimedTask>(
    ctx.db,
    sql`update provider_task t
        set attempts = t.attempts + 1,
            next_attempt_at = ${new Date(now.getTime() + TASK_LEASE_MS).toISOString()}::timestamptz
        from (select id from provider_task
              where status = 'pending' and provider = ${ctx.payments.name}
                and next_attempt_at <= ${now.toISOString()}::timestamptz
              order by next_attempt_at
              limit ${BATCH}
              for update skip locked) due
        where t.id = due.id
        returning t.id, t.kind, t.idempotency_key, t.params, t.attempts`,
  );
  let done = 0;
  for (const task of claimed) {
    try {
      const result = await perform(ctx.payments, task);
      // An erasure's provider ids are kept only until the provider has forgotten the person.
      const erasure = task.kind === 'delete_customer' || task.kind === 'detach_card';
      await ctx.db.execute(
        sql`update provider_task set status = 'done', done_at = ${ctx.now().toISOString()}::timestamptz,
              result = ${JSON.stringify(result ?? null)}::jsonb, last_error = null,
              params = case when ${erasure} then '{}'::jsonb else params end
            where id = ${task.id} and status = 'pending'`,
      );
      done++;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = task.attempts >= MAX_TASK_ATTEMPTS;
      const retryAt = new Date(ctx.now().getTime() + taskBackoffMs(task.attempts));
      await ctx.db.execute(
        sql`update provider_task
            set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${reason},
                next_attempt_at = ${retryAt.toISOString()}::timestamptz
            where id = ${task.id} and status = 'pending'`,
      );
      if (giveUp)
        log.error(
          { taskId: task.id, kind: task.kind, err: error },
          'payment provider task given up: needs a person',
        );
      else
        log.warn(
          { taskId: task.id, kind: task.kind, reason },
          'payment provider task will be retried',
        );
    }
  }
  return done;
}
