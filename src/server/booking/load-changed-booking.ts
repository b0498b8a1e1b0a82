import { sql, type SQL } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { therapistPhotoUrl } from '../media/photo-files';
import { hasPushDevicesQuery } from '../push/push-outbox';
import { toView, type ViewItem, type ViewPayment } from './booking-view';
import { bookingRows, type BookingRow } from './booking-db';
import { progressColumns, progressOfRow, type ProgressColumns } from './booking-progress-rows';
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

/** A row of changedBookingSelect, before readChangedBooking. */
export type ChangedBookingRaw = Record<string, unknown> &
  ProgressColumns & {
    customer_email: string;
    customer_name: string;
    therapist: {
      id: string;
      name: string;
      username: string;
      photoUrl: string | null;
      photoVersion: string | null;
      email: string | null;
    } | null;
    items: ViewItem[];
    payment: ViewPayment | null;
    has_push_devices: boolean;
  };

/** The JSON of one payment row `p`, as the booking view shows it. */
export const viewPaymentJson = sql`json_build_object(
    'method', p.method, 'cardBrand', p.card_brand, 'cardLast4', p.card_last4,
    'status', p.status, 'amountPence', p.amount_pence)`;

/** The latest payment of booking `b`, as the table stands for this statement. */
const latestPaymentJson = sql`(select ${viewPaymentJson} from payment p where p.booking_id = b.id
    order by p.created_at desc limit 1)`;

/**
 * The statement's select over booking rows named `b`: the booking table, or the rows a
 * data-modifying WITH has just returned (confirmBooking), so that a change and the read of what it
 * changed can be one round trip.
 */
export function changedBookingSelect(bookings: SQL, payment: SQL = latestPaymentJson): SQL {
  return sql`select ${bookingRows.columns}, u.email as customer_email, u.name as customer_name,
          (select json_build_object('id', t.id, 'name', t.name, 'username', t.username,
                    'photoUrl', t.photo_url, 'photoVersion', t.photo_version, 'email', t.email)
             from therapist t where t.id = b.therapist_id) as therapist,
          coalesce((
            select json_agg(json_build_object(
                     'treatmentId', i.treatment_id, 'name', i.name, 'pricePence', i.price_pence,
                     'durationMinutes', i.duration_minutes, 'isAddOn', i.is_add_on)
                   order by i.position)
            from booking_item i where i.booking_id = b.id), '[]'::json) as items,
          ${payment} as payment,
          ${hasPushDevicesQuery(sql`b.customer_id`)} as has_push_devices,
          ${progressColumns}
        from ${bookings} b join "user" u on u.id = b.customer_id`;
}

/**
 * Everything announcing a change needs, read in one statement inside the transaction that made
 * the change: the booking as it now stands, the customer's address book entry, the therapist and
 * their email, the items and the latest payment (as JSON built by the database), and whether the
 * customer has a device to push to. Announcing is in
 * every confirmation, so this replaces five round trips with one (docs/decisions/0046); plain SQL
 * with the booking's column list written once (bookingRows), as the row locks are (0053).
 */
export async function loadChangedBooking(
  tx: Db,
  bookingId: string,
  now: Date,
  config: AppConfig,
  bufferMinutes: number,
): Promise<ChangedBooking | null> {
  const [raw] = await queryRows<ChangedBookingRaw>(
    tx,
    sql`${changedBookingSelect(sql`booking`)} where b.id = ${bookingId}`,
  );
  return raw ? readChangedBooking(raw, now, config, bufferMinutes) : null;
}

/** A row of changedBookingSelect, as announcing takes it. */
export function readChangedBooking(
  raw: ChangedBookingRaw,
  now: Date,
  config: AppConfig,
  bufferMinutes: number,
): ChangedBooking {
  const row = bookingRows.read(raw);
  const t = raw.therapist;
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
    customer: { email: raw.customer_email, name: raw.customer_name },
    therapistEmail: t?.email ?? null,
    hasPushDevices: raw.has_push_devices,
    view: toView(
      row,
      summary,
      raw.items,
      raw.payment,
      now,
      config.cancellation,
      bufferMinutes,
      progressOfRow(raw),
    ),
  };
}
