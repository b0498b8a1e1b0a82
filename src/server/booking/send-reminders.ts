import { sql } from 'drizzle-orm';
import { reminderStillUseful } from '../../domain/reminders';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import { announceBookingChange } from './announce-booking-change';

// Reminders (email and push) owed by confirmed bookings, as announceBookingChange scheduled them.
// Each round claims due bookings with FOR UPDATE SKIP LOCKED and, in the same transaction, clears
// their due time (a compare-and-set on the time it read) and writes the messages to the outboxes:
// a reminder is written once even with many instances, survives a crash (nothing commits without
// the other), and is never written for a booking cancelled or moved meanwhile, whose due time
// those changes have already replaced. The booking's own lock orders it after a cancel or move in
// flight; those take the lock first, so the claim skips the row until they commit.

export const REMINDER_INTERVAL_MS = 60_000;
const BATCH = 50;

/** One round; answers how many reminders it wrote. Runs until nothing more is due. */
export async function sendDueReminders(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'mailer'>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.now();
    const round = await inTransaction(ctx.db, async (tx) => {
      const due = await queryRows<{
        id: string;
        starts_at: Date | string;
        reminder_due_at: Date | string;
      }>(
        tx,
        sql`select id, starts_at, reminder_due_at from booking
            where reminder_due_at <= ${now.toISOString()}::timestamptz and status = 'confirmed'
            order by reminder_due_at
            limit ${BATCH}
            for update skip locked`,
      );
      let written = 0;
      for (const b of due) {
        const cleared = await queryRows<{ id: string }>(
          tx,
          sql`update booking set reminder_due_at = null
              where id = ${b.id} and reminder_due_at = ${new Date(b.reminder_due_at).toISOString()}::timestamptz
              returning id`,
        );
        if (cleared.length === 0) continue;
        // Too late to be of use (every instance was down until the start): dropped, not sent.
        if (!reminderStillUseful(new Date(b.starts_at), now)) continue;
        await announceBookingChange(ctx, tx, b.id, 'reminder');
        written++;
      }
      return { claimed: due.length, written };
    });
    sent += round.written;
    if (round.written > 0) ctx.mailer.wake();
    if (round.claimed < BATCH) return sent;
  }
}
