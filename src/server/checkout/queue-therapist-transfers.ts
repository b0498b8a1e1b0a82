import { sql } from 'drizzle-orm';
import { therapistPayout } from '../../domain/therapist-payout';
import type { AppContext } from '../app-context';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { providerTask } from '../db/schema';
import type { TaskLog } from '../payments/provider-tasks';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { queueTherapistTransfer } from '../payments/therapist-transfers';

// The therapist earns the whole price less the platform fee however the customer paid
// (docs/decisions/0021). The card part reaches them through the destination charge; what the
// platform holds instead — wallet credit spent on the booking, or an invoice — it pays them as a
// transfer, once the appointment has started: from then on the booking can no longer be cancelled
// or refunded, so a transfer never needs taking back. The provider_task row (kind 'transfer',
// booking_id) is the record that a booking's share has been dealt with; its unique idempotency
// key makes it happen once whatever runs twice. A therapist with no connected account yet gets
// the transfer once they have one (payments/therapist-transfers.ts, as a tip's).

const BATCH = 50;

export const therapistTransferKey = (bookingId: string) =>
  `booking-${bookingId}-therapist-transfer`;

interface Due {
  id: string;
  total_price_pence: number;
  credit_applied_pence: number;
  referral_discount_pence: number;
  amount_due_pence: number;
  payment_method: string | null;
  therapist_id: string;
  payment_account_id: string | null;
}

/**
 * Settles a booking's share that rounds to nothing without calling the provider (which refuses a
 * transfer of 0). The row still marks the booking as dealt with, so no pass claims it again.
 */
async function recordNothingToTransfer(
  tx: Db,
  provider: string,
  due: Due,
  now: Date,
): Promise<void> {
  await tx
    .insert(providerTask)
    .values({
      provider,
      kind: 'transfer',
      idempotencyKey: therapistTransferKey(due.id),
      params: { bookingId: due.id, destinationAccountId: null, amountPence: 0 },
      bookingId: due.id,
      status: 'done',
      nextAttemptAt: now,
      createdAt: now,
      doneAt: now,
      result: { skipped: 'nothing to transfer' },
    })
    .onConflictDoNothing({ target: providerTask.idempotencyKey });
}

/**
 * One pass: in one short transaction, claims the started bookings paid partly or wholly by credit
 * or by invoice that have no transfer yet (SKIP LOCKED, so instances split the work and a booking
 * being changed right now waits for the next pass), and queues each one's transfer. The calls
 * themselves are made after the commit by the provider task worker. Answers how many it queued.
 */
export async function queueTherapistTransfers(
  ctx: Pick<AppContext, 'db' | 'payments' | 'now' | 'config'>,
  log: TaskLog,
): Promise<number> {
  const now = ctx.now();
  const feePercent = ctx.config.payments.platformFeePercent;
  const provider = ctx.payments.name;
  // Logged after the commit, so a transaction run again after a deadlock does not log twice.
  const awaiting: { bookingId: string; therapistId: string; amountPence: number }[] = [];
  const queued = await inTransaction(ctx.db, async (tx) => {
    awaiting.length = 0;
    const due = await queryRows<Due>(
      tx,
      sql`select b.id, b.total_price_pence, b.credit_applied_pence, b.referral_discount_pence,
                 b.amount_due_pence,
                 b.payment_method, b.therapist_id, t.payment_account_id
          from booking b join therapist t on t.id = b.therapist_id
          where b.status in ('confirmed', 'completed')
            and b.starts_at <= ${now.toISOString()}::timestamptz
            and (b.credit_applied_pence > 0 or b.referral_discount_pence > 0
                 or b.payment_method = 'invoice')
            and not exists (select 1 from provider_task p
                            where p.idempotency_key = 'booking-' || b.id::text || '-therapist-transfer')
          order by b.starts_at
          limit ${BATCH}
          for update of b skip locked`,
    );
    let count = 0;
    for (const b of due) {
      const { viaTransferPence } = therapistPayout(
        {
          totalPricePence: b.total_price_pence,
          creditAppliedPence: b.credit_applied_pence,
          referralDiscountPence: b.referral_discount_pence,
          amountDuePence: b.amount_due_pence,
          paidByInvoice: b.payment_method === 'invoice',
        },
        feePercent,
      );
      if (viaTransferPence <= 0) {
        // A penny of credit can round to nothing; the provider refuses a transfer of 0.
        await recordNothingToTransfer(tx, provider, b, now);
        continue;
      }
      const outcome = await queueTherapistTransfer(
        tx,
        provider,
        {
          bookingId: b.id,
          therapistId: b.therapist_id,
          accountId: b.payment_account_id,
          amountPence: viaTransferPence,
          description: `Therapist's share of booking ${b.id}`,
          idempotencyKey: therapistTransferKey(b.id),
        },
        now,
      );
      if (outcome === 'queued') count++;
      else
        awaiting.push({
          bookingId: b.id,
          therapistId: b.therapist_id,
          amountPence: viaTransferPence,
        });
    }
    return count;
  });
  // Once per booking: the task is written once, and a later pass finds it.
  for (const details of awaiting)
    log.error(details, "therapist's share awaits their payment account: made once it is connected");
  if (queued > 0) await runProviderTasksNow(ctx, log);
  return queued;
}
