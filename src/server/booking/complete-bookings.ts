import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import { creditReferrers } from '../referrals/credit-referrers';
import { enqueueBookingWebhooks } from '../webhooks/enqueue-booking-webhook';

// A confirmed booking whose treatment time has ended is 'completed': past appointments are told
// apart by state, not only by the clock, and a completed booking can no longer be cancelled or
// moved. The end is the treatments' end (the start plus the items' minutes), not the travel
// buffer that total_duration_minutes includes. Claimed with SKIP LOCKED and moved by a compare-and-set from 'confirmed', so a cancel in
// flight (which holds the row) is never overwritten and two instances never move a row twice.
// Each batch is one transaction with its booking.completed webhooks, so the company's other
// systems hear of exactly the bookings that were completed, and with the referral credit a
// referred friend's first appointment earns their referrer (decision 0067), so it is written
// exactly when the appointment is recorded as having taken place.

export const COMPLETION_INTERVAL_MS = 60_000;
const BATCH = 500;

export async function completePastBookings(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const at = ctx.now();
    const now = at.toISOString();
    const done = await inTransaction(ctx.db, async (tx) => {
      const ids = await queryRows<{ id: string }>(
        tx,
        sql`update booking set status = 'completed', reminder_due_at = null,
                 updated_at = ${now}::timestamptz
          where id in (
            select b.id from booking b
            where b.status = 'confirmed' and b.starts_at <= ${now}::timestamptz
              and b.starts_at + make_interval(mins => (
                    select coalesce(sum(i.duration_minutes), 0)::int
                    from booking_item i where i.booking_id = b.id)) <= ${now}::timestamptz
            order by b.starts_at
            limit ${BATCH}
            for update skip locked)
            and status = 'confirmed'
          returning id`,
      );
      await recordCompletion(
        ctx,
        tx,
        ids.map((r) => r.id),
        at,
      );
      return ids;
    });
    total += done.length;
    if (done.length < BATCH) return total;
  }
}

/**
 * What a booking's completion brings with it, in the transaction that completed it: the referral
 * credit a friend's first appointment earns (decision 0067) and the booking.completed webhooks.
 * The job above and the therapist's finished step (record-booking-progress.ts) both come here,
 * so a booking is completed the same way whichever gets there first.
 */
async function recordCompletion(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Db,
  bookingIds: readonly string[],
  at: Date,
): Promise<void> {
  await creditReferrers(tx, bookingIds, at, { publicUrl: ctx.config.publicUrl });
  await enqueueBookingWebhooks(ctx, tx, bookingIds, 'booking.completed');
}

/**
 * Completes one booking the caller holds locked (FOR UPDATE), now, if it is still confirmed: by a
 * compare-and-set, so the completion job's run and this never both complete it. Answers whether
 * it did.
 */
export async function completeLockedBooking(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Db,
  bookingId: string,
): Promise<boolean> {
  const at = ctx.now();
  const done = await queryRows<{ id: string }>(
    tx,
    sql`update booking set status = 'completed', reminder_due_at = null,
             updated_at = ${at.toISOString()}::timestamptz
        where id = ${bookingId} and status = 'confirmed'
        returning id`,
  );
  if (done.length === 0) return false;
  await recordCompletion(ctx, tx, [bookingId], at);
  return true;
}
