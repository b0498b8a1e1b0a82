import type { BookingRecord } from '../../contract/booking-records';
import type { AppContext } from '../app-context';
import { loadTherapistMedia } from './load-booking-media';
import { FEED_LINK_SECONDS, RECORD_LINK_SECONDS } from './photo-links';

// What the therapist sees of the customer's notes and photos, beside the booking's record: in
// GET /api/internal/bookings (the listing and one booking) with links for an hour, and in the
// calendar feed with links that outlast a calendar app's refresh (photo-links.ts).

type Ctx = Pick<AppContext, 'db' | 'now' | 'uploads' | 'config'>;

export async function withTherapistMedia(
  ctx: Ctx,
  records: readonly BookingRecord[],
  use: 'record' | 'feed',
): Promise<BookingRecord[]> {
  const media = await loadTherapistMedia(
    ctx.db,
    records.map((r) => r.id),
    {
      secret: ctx.uploads.linkSecret,
      publicUrl: ctx.config.publicUrl,
      now: ctx.now(),
      lifetimeSeconds: use === 'feed' ? FEED_LINK_SECONDS : RECORD_LINK_SECONDS,
      wholeDays: use === 'feed',
    },
  );
  return records.map((r) => {
    const m = media.get(r.id);
    return { ...r, accessNotes: m?.accessNotes ?? null, photos: m?.photos ?? [] };
  });
}
