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
import { queryRows } from '../db/query-rows';
import type { WarnLog } from '../db/warn-log';
import { HttpProblem } from '../http/problem';
import { slotSpansQuery, type BookingTherapist, type SlotSpan } from '../availability/slot-check';
import { placeOf, travelJudgeFor, type TravelJudge } from '../availability/travel-search';

// The hold and the reschedule re-check travel with the booking address's postcode, under a lock
// per therapist (docs/decisions/0077): two holds at opposite ends of town for neighbouring times
// are each reachable alone, and the exclusion constraint, which sees only overlaps, would let
// both in. The journeys are planned before the lock (a routing engine is a network call); the
// therapist's day is read again under it.

const EITHER = new Intl.ListFormat('en-GB', { type: 'disjunction' });

/** Taken by every use case that adds or moves a booking of this therapist, before any row lock. */
export const travelLockName = (therapistId: string) => `therapist-travel:${therapistId}`;

export interface TravelCheck {
  judge: TravelJudge;
  therapist: BookingTherapist;
  startsAt: number;
  durationMinutes: number;
  /** The time of the booking being moved: it is not in the way of itself. */
  movingInterval: Interval | null;
  config: RulesConfig;
  now: Date;
}

/**
 * The therapist's windows and blocking bookings (with places) within a day either side: the spans
 * the slot check reads, over a wider range, less the booking being moved.
 */
async function readDay(db: Db, check: Omit<TravelCheck, 'judge'>) {
  const range = {
    startS: (check.startsAt - DAY_MS) / 1000,
    endS: (check.startsAt + DAY_MS) / 1000,
  };
  const rows = await queryRows<SlotSpan>(
    db,
    slotSpansQuery(check.therapist.id, range, check.now.toISOString()),
  );
  const moving = check.movingInterval;
  const windows: Interval[] = [];
  const bookings: PlacedBooking[] = [];
  for (const r of rows) {
    const start = Number(r.start_ms);
    const end = Number(r.end_ms);
    if (r.kind === 'window') windows.push({ start, end });
    // Two active bookings of one therapist never share a time: this one is the booking moved.
    else if (!(moving && start === moving.start && end === moving.end))
      bookings.push({ start, end, district: r.district });
  }
  windows.sort((x, y) => x.start - y.start);
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
  /** Where the address came from in the request, for a 422 about its postcode; null: nowhere. */
  field: string | null,
  /** The therapist's bookings around the time when already read (a day either side). */
  bookingsRead?: readonly PlacedBooking[],
): Promise<TravelCheck> {
  const place = placeOf(postcode, field);
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
      : `${name} can no longer reach you in time for ${at} because of their other appointments. The nearest times that work are ${EITHER.format(times)}.`;
  throw new HttpProblem(409, detail, {
    code: 'slot_unreachable',
    extensions: { nearestTimes: nearest.map((t) => new Date(t).toISOString()) },
  });
}
