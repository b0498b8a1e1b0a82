import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { booking, therapist, user } from '../db/schema';
import { therapistPhotoUrl } from '../media/photo-files';
import { hasPushDevicesQuery } from '../push/push-outbox';
import { toView, type ViewItem, type ViewPayment } from './booking-view';
import type { BookingRow } from './booking-db';
import type { BookingView } from '../../contract/booking';

export interface ChangedBooking {
  row: BookingRow;
  customer: { email: string; name: string };
  /** Null when the therapist has no email on file (or no longer exists). */
  therapistEmail: string | null;
  /** The customer has a device subscribed to pushes (else there is no push to queue). */
  hasPushDevices: boolean;
  view: BookingView;
}

/**
 * Everything announcing a change needs, read in one statement inside the transaction that made
 * the change: the booking as it now stands, the customer's address book entry, the therapist and
 * their email, the items and the latest payment (as JSON built by the database), and whether the
 * customer has a device to push to. Announcing is in
 * every confirmation, so this replaces five round trips with one (docs/decisions/0046).
 */
export async function loadChangedBooking(
  tx: Db,
  bookingId: string,
  now: Date,
  config: AppConfig,
  bufferMinutes: number,
): Promise<ChangedBooking | null> {
  const [found] = await tx
    .select({
      row: booking,
      customer: { email: user.email, name: user.name },
      therapist: {
        id: therapist.id,
        name: therapist.name,
        username: therapist.username,
        photoUrl: therapist.photoUrl,
        photoVersion: therapist.photoVersion,
        email: therapist.email,
      },
      items: sql<ViewItem[]>`coalesce((
        select json_agg(json_build_object(
                 'treatmentId', i.treatment_id, 'name', i.name, 'pricePence', i.price_pence,
                 'durationMinutes', i.duration_minutes, 'isAddOn', i.is_add_on)
               order by i.position)
        from booking_item i where i.booking_id = ${booking.id}), '[]'::json)`,
      payment: sql<ViewPayment | null>`(
        select json_build_object(
                 'method', p.method, 'cardBrand', p.card_brand, 'cardLast4', p.card_last4,
                 'status', p.status, 'amountPence', p.amount_pence)
        from payment p where p.booking_id = ${booking.id}
        order by p.created_at desc limit 1)`,
      hasPushDevices: hasPushDevicesQuery(booking.customerId),
    })
    .from(booking)
    .innerJoin(user, eq(user.id, booking.customerId))
    .leftJoin(therapist, eq(therapist.id, booking.therapistId))
    .where(eq(booking.id, bookingId));
  if (!found) return null;
  const { row, customer, items, payment, hasPushDevices } = found;
  const t = found.therapist;
  const summary = t
    ? {
        id: t.id,
        name: t.name,
        username: t.username,
        photoUrl: therapistPhotoUrl({
          id: t.id,
          photoUrl: t.photoUrl,
          photoVersion: t.photoVersion,
        }),
      }
    : { id: row.therapistId, name: '', username: '', photoUrl: null };
  return {
    row,
    customer,
    therapistEmail: t?.email ?? null,
    hasPushDevices,
    view: toView(row, summary, items, payment, now, config.cancellation, bufferMinutes),
  };
}
