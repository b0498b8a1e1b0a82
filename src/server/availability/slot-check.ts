import { sql, type SQL } from 'drizzle-orm';
import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import type { RulesConfig } from '../../domain/constants';
import { MINUTE_MS } from '../../domain/constants';
import { intervalsOverlap } from '../../domain/intervals';
import { computeSlots } from '../../domain/slots';
import type { Interval } from '../../domain/types';
import type { Db } from '../db/client';
import { queryRows, type Bound } from '../db/query-rows';
import { blockingStatus, overlapsSeconds, type SecondsRange } from '../db/overlaps';
import {
  TRAVEL_COLUMNS,
  travelOf,
  type TherapistCandidate,
  type TherapistFactsRow,
} from './load-availability-data';
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

/** A therapist as bookingTherapistQuery answers it (also as JSON, inside a larger read). */
export interface TherapistRow extends TherapistFactsRow {
  payment_account_id: string | null;
}

/** One therapist with what the visibility rules need (the availability loader's shape). */
export function bookingTherapistQuery(id: Bound<string>): SQL {
  return sql`select t.id, t.username, t.name, t.photo_url, t.photo_version, t.active,
          t.payments_connected, t.payment_account_id, t.business_enabled, t.area,
          t.accepted_genders, t.minimum_spend_pence, ${TRAVEL_COLUMNS},
          coalesce((select array_agg(s.treatment_id) from therapist_service s
                    where s.therapist_id = t.id), '{}') as service_ids,
          (select extract(epoch from max(upper(a.during))) * 1000 from availability a
            where a.therapist_id = t.id)::float8 as latest_end_ms
        from therapist t where t.id = ${id}`;
}

export function toBookingTherapist(r: TherapistRow): BookingTherapist {
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
    travel: travelOf(r),
  };
}

export async function loadBookingTherapist(db: Db, id: string): Promise<BookingTherapist | null> {
  const [r] = await queryRows<TherapistRow>(db, bookingTherapistQuery(id));
  return r ? toBookingTherapist(r) : null;
}

export type SlotState = 'free' | 'taken' | 'not-offered';

export interface SlotRequest {
  therapistId: string;
  startsAt: number;
  durationMinutes: number;
  now: Date;
  config: RulesConfig;
  /** The booking being moved: its own time does not count as taken. */
  ignoreInterval?: Interval;
}

/** A therapist's availability window or a booking that blocks, in epoch milliseconds. */
export interface SlotSpan {
  kind: 'window' | 'booking';
  start_ms: number;
  end_ms: number;
  /** A booking's postcode district (travel-check.ts plans the journeys around it); null for windows. */
  district: string | null;
}

/**
 * The therapist's windows and the bookings that block, overlapping `range`, in one query. Any
 * hold that ran out is free, waiting for 3-D Secure or not: the hold's transaction expires it.
 * `now` is an ISO instant.
 */
export function slotSpansQuery(
  therapistId: Bound<string>,
  range: SecondsRange,
  now: Bound<string>,
): SQL {
  const span = sql`extract(epoch from lower(during))::float8 * 1000 as start_ms,
                   extract(epoch from upper(during))::float8 * 1000 as end_ms`;
  const overlapping = overlapsSeconds(range);
  return sql`select 'window' as kind, ${span}, null::text as district from availability
        where therapist_id = ${therapistId} and ${overlapping}
        union all
        select 'booking' as kind, ${span}, district from booking
        where therapist_id = ${therapistId} and ${overlapping} and ${blockingStatus}
          and (status = 'confirmed' or hold_expires_at > ${now}::timestamptz)`;
}

/** The time wanted, and whether it lies inside the bookable window at all. */
function wantedOf(request: SlotRequest) {
  const wanted = {
    start: request.startsAt,
    end: request.startsAt + request.durationMinutes * MINUTE_MS,
  };
  const bookable = availabilityWindow(request.now.getTime(), request.config);
  return { wanted, bookable, inside: wanted.start >= bookable.start && wanted.end <= bookable.end };
}

/**
 * Decides a slot from spans read over (at least) the wanted time: more spans than that change
 * nothing, since only windows holding the whole time and bookings overlapping it count.
 */
export function judgeSlot(spans: readonly SlotSpan[], request: SlotRequest): SlotState {
  const { startsAt, now, config } = request;
  const { wanted, bookable, inside } = wantedOf(request);
  if (!inside) return 'not-offered';
  const of = (kind: SlotSpan['kind']): Interval[] =>
    spans
      .filter((r) => r.kind === kind)
      .map((r) => ({ start: Number(r.start_ms), end: Number(r.end_ms) }));
  const windows = clipToWindow(of('window'), bookable);
  const offered = computeSlots({
    windows,
    bookings: [],
    durationMinutes: request.durationMinutes,
    range: { start: startsAt, end: startsAt + 1 },
    now: now.getTime(),
    config,
  });
  if (offered[0] !== startsAt) return 'not-offered';
  const ignore = request.ignoreInterval;
  const blocking = of('booking').filter(
    (b) => !(ignore && b.start === ignore.start && b.end === ignore.end),
  );
  return blocking.some((b) => intervalsOverlap(b, wanted)) ? 'taken' : 'free';
}

export async function checkSlot(db: Db, request: SlotRequest): Promise<SlotState> {
  const { wanted, inside } = wantedOf(request);
  // Nothing outside the window is offered, and years PostgreSQL cannot store (0000, 10000) would
  // fail the query as a 500: answer those without asking the database.
  if (!inside) return 'not-offered';
  const range = { startS: wanted.start / 1000, endS: wanted.end / 1000 };
  const rows = await queryRows<SlotSpan>(
    db,
    slotSpansQuery(request.therapistId, range, request.now.toISOString()),
  );
  return judgeSlot(rows, request);
}
