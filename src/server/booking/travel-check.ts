import { sql } from 'drizzle-orm';
import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import { DAY_MS, MINUTE_MS, type RulesConfig } from '../../domain/constants';
import { firstNameOf, formatUkTime } from '../../domain/format';
import { computeSlots } from '../../domain/slots';
import { nearestReachable } from '../../domain/travel-reach';
import type { PlacedBooking } from '../../domain/travel-types';
import type { Interval } from '../../domain/types';
import { ukDateOf, ukDayInterval } from '../../domain/uk-time';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { blockingStatus, overlapsSeconds } from '../db/overlaps';
import { queryRows } from '../db/query-rows';
import type { WarnLog } from '../db/warn-log';
import { HttpProblem } from '../http/problem';
import type { BookingTherapist } from '../availability/slot-check';
import { placeOf, travelJudgeFor, type TravelJudge } from '../availability/travel-search';

// The hold and the reschedule re-check travel with the booking address's postcode, under a lock
// per therapist (docs/decisions/0077): two holds at opposite ends of town for neighbouring times
// are each reachable alone, and the exclusion constraint, which sees only overlaps, would let
// both in. The journeys are planned before the lock (a routing engine is a network call); the
// therapist's day is read again under it.

/** Taken by every use case that adds or moves a booking of this therapist, before any row lock. */
export const travelLockName = (therapistId: string) => `therapist-travel:${therapistId}`;

export interface TravelCheck {
  judge: TravelJudge;
  therapist: BookingTherapist;
  startsAt: number;
  durationMinutes: number;
  /** The booking being moved: it does not count as being in the way of itself. */
  movingBookingId: string | null;
  config: RulesConfig;
  now: Date;
}

interface SpanRow {
  kind: 'window' | 'booking';
  start_ms: number;
  end_ms: number;
  district: string | null;
}

/** The therapist's windows and blocking bookings (with places) within a day either side. */
async function readDay(db: Db, check: Omit<TravelCheck, 'judge'>) {
  const range = {
    startS: (check.startsAt - DAY_MS) / 1000,
    endS: (check.startsAt + DAY_MS) / 1000,
  };
  const overlapping = overlapsSeconds(range);
  const span = sql`extract(epoch from lower(during))::float8 * 1000 as start_ms,
                   extract(epoch from upper(during))::float8 * 1000 as end_ms`;
  const rows = await queryRows<SpanRow>(
    db,
    sql`select 'window' as kind, ${span}, null as district from availability
        where therapist_id = ${check.therapist.id} and ${overlapping}
        union all
        select 'booking' as kind, ${span}, district from booking
        where therapist_id = ${check.therapist.id} and ${overlapping} and ${blockingStatus}
          and (status = 'confirmed' or hold_expires_at > ${check.now.toISOString()}::timestamptz)
          and id is distinct from ${check.movingBookingId}::uuid`,
  );
  const windows: Interval[] = [];
  const bookings: PlacedBooking[] = [];
  for (const r of rows) {
    const start = Number(r.start_ms);
    const end = Number(r.end_ms);
    if (r.kind === 'window') windows.push({ start, end });
    else bookings.push({ start, end, district: r.district });
  }
  windows.sort((a, b) => a.start - b.start);
  return { therapist: check.therapist, windows, bookings };
}

/**
 * Before any lock: the address's district (a 422 when unknown), the journeys the check can need,
 * and whether the therapist travels there at all (a 422 when not).
 */
export async function prepareTravelCheck(
  ctx: AppContext,
  postcode: string,
  ask: Omit<TravelCheck, 'judge'>,
  log: WarnLog,
  /** The therapist's bookings around the time when already read (a day either side). */
  bookingsRead?: readonly PlacedBooking[],
): Promise<TravelCheck> {
  const place = placeOf(postcode);
  if (!place) throw new Error('a saved address always has a postcode');
  const bookings = bookingsRead ?? (await readDay(ctx.db, ask)).bookings;
  const judge = await travelJudgeFor(
    ctx,
    place,
    [{ therapist: ask.therapist, bookings }],
    ask.now.getTime(),
    log,
  );
  if (!judge.serves(ask.therapist)) {
    const detail = `${ask.therapist.name} does not travel to ${place.district}. Please choose another therapist.`;
    throw new HttpProblem(422, detail, { code: 'therapist_unavailable' });
  }
  return { ...ask, judge };
}

/** Under travelLockName's lock: the time is still reachable, or a 409 with the nearest ones. */
export async function confirmReachable(tx: Db, check: TravelCheck): Promise<void> {
  const day = await readDay(tx, check);
  const { judge, startsAt, durationMinutes, config } = check;
  // A time someone holds is the exclusion constraint's to refuse (and a double click's to find
  // its own hold): the travel rules take the slot as clear of other bookings.
  const end = startsAt + durationMinutes * MINUTE_MS;
  if (day.bookings.some((b) => b.start < end && startsAt < b.end)) return;
  if (judge.reachable(day, [startsAt], durationMinutes).length > 0) return;

  const nowMs = check.now.getTime();
  const windows = clipToWindow(day.windows, availabilityWindow(nowMs, config));
  const free = computeSlots({
    windows,
    bookings: day.bookings,
    durationMinutes,
    range: ukDayInterval(ukDateOf(startsAt, config.timeZone), config.timeZone),
    now: nowMs,
    config,
  });
  const nearest = nearestReachable(
    judge.reachable({ ...day, windows }, free, durationMinutes),
    startsAt,
  );
  const name = firstNameOf(check.therapist.name);
  const at = formatUkTime(startsAt, config.timeZone);
  const times = nearest.map((t) => formatUkTime(t, config.timeZone));
  const detail =
    times.length === 0
      ? `${name} can no longer reach you in time for ${at}, and has no other time that day that works with their other appointments. Please choose another day or therapist.`
      : `${name} can no longer reach you in time for ${at} because of their other appointments. The nearest times that work are ${listOf(times)}.`;
  throw new HttpProblem(409, detail, {
    code: 'slot_unreachable',
    extensions: { nearestTimes: nearest.map((t) => new Date(t).toISOString()) },
  });
}

function listOf(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
