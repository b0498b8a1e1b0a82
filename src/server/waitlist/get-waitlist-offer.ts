import { sql } from 'drizzle-orm';
import type { WaitlistOffer } from '../../contract/waitlist';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import { notFound } from '../http/problem';
import { therapistPhotoUrl } from '../media/photo-files';

// The offer page's facts, by the link's token, for the customer it was made for only (anyone
// else, signed in or holding a forwarded link, hears that there is no such offer). What became
// of it is read from its booking, so the page is right before the matcher's next pass.

interface OfferRow {
  status: WaitlistOffer['status'];
  booking_id: string;
  booking_status: string;
  hold_expires_at: Date | string | null;
  city_slug: string;
  starts_at: Date | string;
  expires_at: Date | string;
  therapist_id: string;
  therapist_name: string;
  username: string;
  photo_url: string | null;
  photo_version: string | null;
  treatment_ids: string[];
  treatment_names: string[];
  total_price_pence: number;
  total_duration_minutes: number;
}

export async function getWaitlistOffer(
  ctx: Pick<AppContext, 'db' | 'now'>,
  customerId: string,
  token: string,
): Promise<WaitlistOffer> {
  const [r] = await queryRows<OfferRow>(
    ctx.db,
    sql`select o.status, o.booking_id, b.status as booking_status, b.hold_expires_at,
               b.city_slug, o.starts_at, o.expires_at, t.id as therapist_id,
               t.name as therapist_name, t.username, t.photo_url, t.photo_version,
               array(select i.treatment_id from booking_item i where i.booking_id = b.id order by i.position) as treatment_ids,
               array(select i.name from booking_item i where i.booking_id = b.id order by i.position) as treatment_names,
               b.total_price_pence, b.total_duration_minutes
        from waitlist_offer o
        join waitlist_entry e on e.id = o.entry_id
        join booking b on b.id = o.booking_id
        join therapist t on t.id = o.therapist_id
        where o.token = ${token} and e.customer_id = ${customerId}`,
  );
  if (!r) throw notFound('There is no such offer for you. It may have been for another account.');
  const now = ctx.now().getTime();
  const booked = r.booking_status === 'confirmed' || r.booking_status === 'completed';
  const stillHeld =
    (r.booking_status === 'held' || r.booking_status === 'requires_action') &&
    r.hold_expires_at !== null &&
    new Date(r.hold_expires_at).getTime() > now;
  const status: WaitlistOffer['status'] =
    r.status === 'taken' || booked
      ? 'taken'
      : r.status === 'offered' && stillHeld
        ? 'offered'
        : 'lapsed';
  return {
    status,
    bookingId: r.booking_id,
    city: r.city_slug,
    startsAt: new Date(r.starts_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    therapist: {
      id: r.therapist_id,
      name: r.therapist_name,
      username: r.username,
      photoUrl: therapistPhotoUrl({
        id: r.therapist_id,
        photoVersion: r.photo_version,
        photoUrl: r.photo_url,
      }),
    },
    treatmentIds: r.treatment_ids,
    treatmentNames: r.treatment_names,
    totalPricePence: Number(r.total_price_pence),
    totalDurationMinutes: Number(r.total_duration_minutes),
  };
}
