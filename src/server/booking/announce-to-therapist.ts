import type { AppContext } from '../app-context';
import type { BookingRecord } from '../../contract/booking-records';
import type { Db } from '../db/client';
import type { booking } from '../db/schema';
import type { BookingEmailKind } from '../notifications/enqueue-booking-email';
import { enqueueTherapistEmail } from '../notifications/enqueue-therapist-email';

/**
 * Tells the therapist of a booking confirmed, moved or cancelled, by email with a calendar file,
 * in the transaction of the change (called by announce-booking-change.ts). Nothing when the
 * therapist has no email on file; nothing for a reminder, which is the customer's alone.
 * The caller read the therapist's email with the booking (load-changed-booking.ts), so that
 * notifications never reads bookings back.
 */
export async function announceToTherapist(
  ctx: Pick<AppContext, 'config'>,
  tx: Db,
  row: typeof booking.$inferSelect,
  therapistEmail: string | null,
  kind: BookingEmailKind,
  loadRecords: () => Promise<readonly BookingRecord[]>,
): Promise<void> {
  if (kind === 'reminder' || !therapistEmail) return;
  const [record] = await loadRecords();
  if (!record) throw new Error(`booking ${row.id} has no record`);
  await enqueueTherapistEmail(ctx, tx, {
    kind,
    record,
    therapistEmail,
    rescheduleCount: row.rescheduleCount,
  });
}
