import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { providerTask } from '../db/schema';
import type { WarnLog } from '../db/warn-log';
import { enqueueProviderTask } from './provider-tasks';
import { runProviderTasksNow } from './run-provider-tasks-now';

// Money the platform holds for a therapist — a booking's share paid by credit or invoice
// (checkout/queue-therapist-transfers.ts), a whole tip (tips/record-tip-paid.ts) — reaches their
// connected account as a provider task of kind 'transfer', written in the transaction that decides
// it and made after the commit, under a key that makes it happen once (docs/decisions/0021, 0087).
//
// A therapist with no connected account yet has nowhere to receive it. The task is then written
// 'awaiting_account', which the provider task worker never claims; once the therapist's
// payment_account_id is set (the catalogue import, PUT /api/internal/therapists/:id, by hand),
// releaseTransfersAwaitingAccount, run by every instance as a background job, moves it to
// 'pending' with that account and the worker makes it like any other (docs/decisions/0096).

/** A transfer owed to a therapist, as decided in the caller's transaction. */
export interface TherapistTransfer {
  /** The booking it is for (a booking's share, or the booking a tip was given for). */
  bookingId: string;
  therapistId: string;
  /** The therapist's connected account as read in the caller's transaction; null when none. */
  accountId: string | null;
  amountPence: number;
  description: string;
  /** One per transfer: the provider moves its money once, whoever queues or runs it. */
  idempotencyKey: string;
}

/**
 * Queues the transfer in the caller's transaction: 'pending' for the worker when the therapist
 * has a connected account, else 'awaiting_account' until they do. A second call with the same key
 * changes nothing. Answers which it was.
 */
export async function queueTherapistTransfer(
  tx: Db,
  provider: string,
  transfer: TherapistTransfer,
  now: Date,
): Promise<'queued' | 'awaiting_account'> {
  const { accountId, ...task } = transfer;
  if (accountId) {
    await enqueueProviderTask(
      tx,
      provider,
      { kind: 'transfer', ...task, destinationAccountId: accountId },
      now,
    );
    return 'queued';
  }
  const { idempotencyKey, ...params } = task;
  await tx
    .insert(providerTask)
    .values({
      provider,
      kind: 'transfer',
      idempotencyKey,
      params: { ...params, destinationAccountId: null },
      bookingId: transfer.bookingId,
      status: 'awaiting_account',
      lastError: `therapist ${transfer.therapistId} has no payment account`,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: providerTask.idempotencyKey });
  return 'awaiting_account';
}

const BATCH = 50;

/**
 * One pass: hands the worker the transfers awaiting an account whose therapist now has one. One
 * statement claims them (SKIP LOCKED, so instances split them) and moves each from
 * 'awaiting_account' to 'pending' with the account — a compare-and-set, so a task is released
 * once — and the calls are then made after the commit, under each task's own key. Answers how
 * many it released.
 */
export async function releaseTransfersAwaitingAccount(
  ctx: Pick<AppContext, 'db' | 'payments' | 'now'>,
  log: WarnLog,
): Promise<number> {
  const now = ctx.now().toISOString();
  const released = await queryRows<{ id: number }>(
    ctx.db,
    sql`update provider_task t
        set status = 'pending',
            params = t.params || jsonb_build_object('destinationAccountId', due.account_id),
            attempts = 0, next_attempt_at = ${now}::timestamptz, last_error = null
        from (select w.id, th.payment_account_id as account_id
              from provider_task w join therapist th on th.id = w.params->>'therapistId'
              where w.status = 'awaiting_account' and w.provider = ${ctx.payments.name}
                and th.payment_account_id is not null
              order by w.id
              limit ${BATCH}
              for update of w skip locked) due
        where t.id = due.id and t.status = 'awaiting_account'
        returning t.id`,
  );
  if (released.length > 0) await runProviderTasksNow(ctx, log);
  return released.length;
}
