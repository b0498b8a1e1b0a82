import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { rangeLiteral, type InstantRange } from '../db/tstzrange';
import { enqueueProviderTask } from '../payments/provider-tasks';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';

// A hold that ran out stops blocking at once: the availability query already ignores it, the hold
// transaction expires any in its way (lazy expiry), and this sweep marks the rest so the exclusion
// constraint and the customer's reserved credit forget them. Correctness never waits for the
// sweep; it only keeps the table tidy and queues abandoned 3-D Secure payments for cancelling at
// the provider.
// See docs/decisions "hold sweep".

export const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 200;

/**
 * Marks the payments of released bookings that were waiting for the customer as cancelled, and
 * queues their abandonment at the provider (made after the commit; a late success is refunded).
 */
export async function cancelPendingPayments(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  bookingIds: string[],
  now: Date,
): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const rows = await queryRows<{
    id: string;
    booking_id: string;
    provider: string;
    provider_payment_id: string | null;
  }>(
    tx,
    sql`update payment set status = 'canceled', updated_at = ${now.toISOString()}::timestamptz
        where booking_id in ${bookingIds} and status in ('requires_action', 'processing')
        returning id, booking_id, provider, provider_payment_id`,
  );
  let queued = 0;
  for (const r of rows) {
    if (!r.provider_payment_id || r.provider !== ctx.payments.name) continue;
    await enqueueProviderTask(
      tx,
      r.provider,
      {
        kind: 'cancel_payment',
        bookingId: r.booking_id,
        providerPaymentId: r.provider_payment_id,
        idempotencyKey: `payment-${r.id}-abandon`,
      },
      now,
    );
    queued++;
  }
  return queued;
}

async function expireWhere(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  now: Date,
  where: SQL,
): Promise<number> {
  const expired = await queryRows<{ id: string }>(
    tx,
    sql`update booking set status = 'expired', updated_at = ${now.toISOString()}::timestamptz
        where status in ('held', 'requires_action')
          and hold_expires_at <= ${now.toISOString()}::timestamptz and (${where})
        returning id`,
  );
  return cancelPendingPayments(
    ctx,
    tx,
    expired.map((r) => r.id),
    now,
  );
}

/** Inside the hold transaction: stale holds overlapping the new slot, and the customer's own. */
export function expireHoldsInTheWay(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  now: Date,
  scope: { therapistId: string; during: InstantRange; customerId: string },
): Promise<number> {
  return expireWhere(
    ctx,
    tx,
    now,
    sql`(therapist_id = ${scope.therapistId} and during && ${rangeLiteral(scope.during)}::tstzrange)
        or customer_id = ${scope.customerId}`,
  );
}

/**
 * One pass of the sweep. Rows are claimed with FOR UPDATE SKIP LOCKED, so two instances sweeping
 * at once split the work instead of doing it twice, and a booking being paid right now (its row
 * locked by the payment) is left alone. Answers how many holds it expired.
 */
export async function sweepExpiredHolds(ctx: AppContext, log: WarnLog): Promise<number> {
  const now = ctx.now();
  let queued = 0;
  const count = await inTransaction(ctx.db, async (tx) => {
    const expired = await queryRows<{ id: string }>(
      tx,
      sql`with due as (
            select id from booking
            where status in ('held', 'requires_action')
              and hold_expires_at <= ${now.toISOString()}::timestamptz
            order by hold_expires_at
            limit ${SWEEP_BATCH}
            for update skip locked)
          update booking b set status = 'expired', updated_at = ${now.toISOString()}::timestamptz
          from due where b.id = due.id
          returning b.id`,
    );
    const ids = expired.map((r) => r.id);
    queued = await cancelPendingPayments(ctx, tx, ids, now);
    return ids.length;
  });
  if (count > 0) ctx.availabilityCache.clear();
  if (queued > 0) await runProviderTasksNow(ctx, log);
  return count;
}
