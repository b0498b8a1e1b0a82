import { sql } from 'drizzle-orm';
import { postcodeDistrict } from '../../domain/account-forms';
import { MINUTE_MS } from '../../domain/constants';
import type { TravelMode } from '../../domain/travel-types';
import type { BookingJourney, BookingRecord } from '../../contract/booking-records';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import type { WarnLog } from '../db/warn-log';
import { planJourneys, type JourneyNeed } from '../travel/plan-journeys';

// The journey a therapist makes to each booking (docs/decisions/0077): from the booking before it
// in the same working stretch, or from home for the first. Shown in the therapist's calendar feed
// and the internal booking records, so the day is planned, not guessed. Worked out when read, so
// a booking added, moved or cancelled before it is always reflected.

interface JourneyRow {
  id: string;
  district: string | null;
  starts_ms: number;
  home_postcode: string | null;
  travel_mode: TravelMode;
  window_start_ms: number | null;
  prev_district: string | null;
  prev_end_ms: number | null;
}

/** The journey before each booking that has a known place; absent for the others. */
export async function journeysBefore(
  ctx: AppContext,
  bookingIds: readonly string[],
  log: WarnLog,
): Promise<Map<string, BookingJourney>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await queryRows<JourneyRow>(
    ctx.db,
    sql`select b.id, b.district, extract(epoch from b.starts_at)::float8 * 1000 as starts_ms,
          t.home_postcode, t.travel_mode,
          (select extract(epoch from lower(a.during))::float8 * 1000 from availability a
            where a.therapist_id = b.therapist_id and a.during @> b.starts_at
            order by lower(a.during) limit 1) as window_start_ms,
          p.district as prev_district, p.end_ms as prev_end_ms
        from booking b
        join therapist t on t.id = b.therapist_id
        -- The booking before: one that is taking place, not a hold that may never be paid.
        left join lateral (
          select p.district, extract(epoch from upper(p.during))::float8 * 1000 as end_ms
          from booking p
          where p.therapist_id = b.therapist_id and p.id <> b.id
            and p.status in ('confirmed', 'completed')
            and upper(p.during) <= b.starts_at
          order by upper(p.during) desc limit 1) p on true
        where b.id = any(${sql.param([...bookingIds])}::uuid[])`,
  );
  const legs = rows.flatMap((r) => {
    if (r.district === null) return [];
    const windowStart = r.window_start_ms === null ? null : Number(r.window_start_ms);
    const prevEnd = r.prev_end_ms === null ? null : Number(r.prev_end_ms);
    // The booking before counts when it ends inside the same working stretch.
    const afterBooking = prevEnd !== null && (windowStart === null || prevEnd >= windowStart);
    const home = r.home_postcode === null ? null : postcodeDistrict(r.home_postcode);
    const from = afterBooking ? r.prev_district : home;
    if (from === null) return [];
    const departAt = afterBooking ? (prevEnd ?? 0) : (windowStart ?? Number(r.starts_ms));
    const need: JourneyNeed = { from, to: r.district, mode: r.travel_mode, departAt };
    return [
      { row: r, need, kind: afterBooking ? ('previous_booking' as const) : ('home' as const) },
    ];
  });
  const journey = await planJourneys(
    ctx,
    legs.map((l) => l.need),
    log,
  );
  const out = new Map<string, BookingJourney>();
  for (const { row, need, kind } of legs) {
    const minutes = journey(need.from, need.to, need.mode, need.departAt);
    if (minutes === null) continue;
    out.set(row.id, {
      from: kind,
      minutes,
      mode: need.mode,
      leaveBy: new Date(Number(row.starts_ms) - minutes * MINUTE_MS).toISOString(),
    });
  }
  return out;
}

/** The records, each with its journey (null when a place is unknown). */
export async function withJourneys(
  ctx: AppContext,
  records: readonly BookingRecord[],
  log: WarnLog,
): Promise<BookingRecord[]> {
  const journeys = await journeysBefore(
    ctx,
    records.map((r) => r.id),
    log,
  );
  return records.map((r) => ({ ...r, journey: journeys.get(r.id) ?? null }));
}
