import { sql } from 'drizzle-orm';
import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import type { RulesConfig } from '../../domain/constants';
import { MINUTE_MS } from '../../domain/constants';
import { intervalsOverlap } from '../../domain/intervals';
import { computeSlots } from '../../domain/slots';
import type { Interval } from '../../domain/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { rangeLiteral } from '../db/tstzrange';
import type { TherapistCandidate } from './load-availability-data';
import { therapistPhotoUrl } from '../media/photo-files';

// The same rules the availability pages use decide whether a start time may be booked: on the
// 15-minute UK grid, the whole duration (with buffer) inside the therapist's availability, within
// the 36-day window and after the notice. "Offered" ignores other bookings: a time that is
// offered but overlaps one is "taken" (409), which the exclusion constraint settles for good.
// Unlike the availability pages, a payment waiting for 3-D Secure whose hold ran out does not
// count as taken here: the hold transaction expires it (the pages catch up at the next sweep).

export interface BookingTherapist extends TherapistCandidate {
  paymentAccountId: string | null;
}

interface TherapistRow {
  id: string;
  username: string;
  name: string;
  photo_url: string | null;
  photo_version: string | null;
  active: boolean;
  payments_connected: boolean;
  payment_account_id: string | null;
  business_enabled: boolean;
  area: string;
  accepted_genders: TherapistCandidate['acceptedGenders'];
  minimum_spend_pence: number | null;
  service_ids: string[];
  latest_end_ms: number | null;
}

/** One therapist with what the visibility rules need (the availability loader's shape). */
export async function loadBookingTherapist(db: Db, id: string): Promise<BookingTherapist | null> {
  const [r] = await queryRows<TherapistRow>(
    db,
    sql`select t.id, t.username, t.name, t.photo_url, t.photo_version, t.active, t.payments_connected,
          t.payment_account_id, t.business_enabled, t.area, t.accepted_genders,
          t.minimum_spend_pence,
          coalesce((select array_agg(s.treatment_id) from therapist_service s
                    where s.therapist_id = t.id), '{}') as service_ids,
          (select extract(epoch from max(upper(a.during))) * 1000 from availability a
            where a.therapist_id = t.id)::float8 as latest_end_ms
        from therapist t where t.id = ${id}`,
  );
  if (!r) return null;
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    photoUrl: therapistPhotoUrl({ id: r.id, photoVersion: r.photo_version, photoUrl: r.photo_url }),
    active: r.active,
    paymentsConnected: r.payments_connected,
    paymentAccountId: r.payment_account_id,
    businessEnabled: r.business_enabled,
    area: r.area,
    acceptedGenders: r.accepted_genders,
    minimumSpendPence: r.minimum_spend_pence,
    serviceIds: r.service_ids,
    latestAvailabilityEnd: r.latest_end_ms === null ? null : Number(r.latest_end_ms),
  };
}

export type SlotState = 'free' | 'taken' | 'not-offered';

export async function checkSlot(
  db: Db,
  request: {
    therapistId: string;
    startsAt: number;
    durationMinutes: number;
    now: Date;
    config: RulesConfig;
    /** The booking being moved: its own time does not count as taken. */
    ignoreInterval?: Interval;
  },
): Promise<SlotState> {
  const { startsAt, now, config } = request;
  const wanted = { start: startsAt, end: startsAt + request.durationMinutes * MINUTE_MS };
  const bookable = availabilityWindow(now.getTime(), config);
  // Nothing outside the window is offered, and years PostgreSQL cannot store (0000, 10000) would
  // fail the query as a 500: answer those without asking the database.
  if (wanted.start < bookable.start || wanted.end > bookable.end) return 'not-offered';
  const range = rangeLiteral({ start: new Date(wanted.start), end: new Date(wanted.end) });
  const span = sql`extract(epoch from lower(during))::float8 * 1000 as start_ms,
                   extract(epoch from upper(during))::float8 * 1000 as end_ms`;
  // The therapist's windows and the bookings around the time, in one round trip. Any hold that ran
  // out is free, waiting for 3-D Secure or not: the transaction expires it.
  const rows = await queryRows<{ kind: 'window' | 'booking'; start_ms: number; end_ms: number }>(
    db,
    sql`select 'window' as kind, ${span} from availability
        where therapist_id = ${request.therapistId} and during && ${range}::tstzrange
        union all
        select 'booking' as kind, ${span} from booking
        where therapist_id = ${request.therapistId} and during && ${range}::tstzrange
          and (status = 'confirmed'
               or (status in ('held', 'requires_action')
                   and hold_expires_at > ${now.toISOString()}::timestamptz))`,
  );
  const spans = (kind: 'window' | 'booking'): Interval[] =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ start: Number(r.start_ms), end: Number(r.end_ms) }));
  const windows = clipToWindow(spans('window'), bookable);
  const offered = computeSlots({
    windows,
    bookings: [],
    durationMinutes: request.durationMinutes,
    range: { start: startsAt, end: startsAt + 1 },
    now: now.getTime(),
    config,
  });
  if (offered[0] !== startsAt) return 'not-offered';
  const bookings = spans('booking');
  const ignore = request.ignoreInterval;
  const blocking = bookings.filter(
    (b) => !(ignore && b.start === ignore.start && b.end === ignore.end),
  );
  return blocking.some((b) => intervalsOverlap(b, wanted)) ? 'taken' : 'free';
}
