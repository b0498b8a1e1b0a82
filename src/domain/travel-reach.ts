import { MINUTE_MS } from './constants';
import { formatUkTime } from './format';
import { normaliseIntervals } from './intervals';
import type { TravelConfig } from './travel-estimate';
import type { District, JourneyMinutes, PlacedBooking, TherapistTravel } from './travel-types';
import type { Interval } from './types';

// Which of a therapist's free start times they can actually get to (docs/decisions/0077). The
// free times come from computeSlots; this only takes times away, never adds one.

export interface ReachInput {
  /**
   * Candidate starts from computeSlots: on the grid, inside windows, clear of bookings, ascending
   * (sorted here if they are not).
   */
  slots: readonly number[];
  /** Includes the turnaround. */
  durationMinutes: number;
  /** Availability windows; touching or overlapping ones are one working stretch. */
  windows: readonly Interval[];
  /** Blocking bookings and holds, any order. */
  bookings: readonly PlacedBooking[];
  /** Where the customer is. */
  here: District;
  travel: TherapistTravel;
  journey: JourneyMinutes;
  config: Pick<TravelConfig, 'unknownPlaceMinutes'>;
}

type Leg = (from: District | null, to: District | null, departAt: number) => number;

/**
 * The estimate's minutes for one journey, or null when it cannot say: no district, no answer, or
 * NaN (every comparison with NaN is false, which would offer the slot).
 */
function estimate(
  journey: JourneyMinutes,
  mode: TherapistTravel['mode'],
  from: District | null,
  to: District | null,
  departAt: number,
): number | null {
  const j = from === null || to === null ? null : journey(from, to, mode, departAt);
  return j === null || Number.isNaN(j) ? null : Math.max(0, j);
}

/**
 * Minutes of one journey as the rules count them. An unknown journey is assumed to take
 * unknownPlaceMinutes, for the therapist's own limit too: unknown means "assume far", never
 * "assume near".
 */
function legMinutes(journey: JourneyMinutes, travel: TherapistTravel, unknownMinutes: number): Leg {
  return (from, to, departAt) =>
    estimate(journey, travel.mode, from, to, departAt) ?? unknownMinutes;
}

/** Like legMinutes, but a journey over the therapist's limit is never made: Infinity. */
function allowedLeg(leg: Leg, travel: TherapistTravel): Leg {
  const max = travel.maxTravelMinutes;
  if (max === null) return leg;
  return (from, to, departAt) => {
    const m = leg(from, to, departAt);
    return m <= max ? m : Infinity;
  };
}

function validBookings(bookings: readonly PlacedBooking[]): PlacedBooking[] {
  return bookings.filter((b) => b.start < b.end); // also rejects NaN
}

/**
 * Keeps the slots the therapist can reach in time and leave in time. Within the working stretch W
 * (merged window) holding [s, e):
 * - from before: the booking in W with the latest end ≤ s must leave time to travel here; with
 *   none, the journey from home must fit between W.start (when they set off) and s;
 * - to after: the booking in W with the earliest start ≥ e must be reachable from here by its
 *   start;
 * - no journey longer than the therapist's own limit, when they set one.
 * No journey home is required after the stretch's last booking: where a therapist goes once their
 * day is done is their own business, and it delays no customer.
 * A booking counts as in W when it touches it (ends at W.start or starts at W.end), since the
 * therapist is at that place at the stretch's edge. Bookings ending (or starting) at the same
 * instant are double bookings; every one of them must be reachable, so their order never matters.
 *
 * Sorted once and swept with pointers: O(slots + bookings log bookings), with one journey per slot
 * for the booking after it and one per booking (or stretch) for the one before.
 */
export function reachableSlots(input: ReachInput): number[] {
  const { here, travel } = input;
  const durationMs = input.durationMinutes * MINUTE_MS;
  if (!(durationMs > 0 && Number.isFinite(durationMs))) return [];
  const leg = allowedLeg(
    legMinutes(input.journey, travel, input.config.unknownPlaceMinutes),
    travel,
  );
  const windows = normaliseIntervals(input.windows);
  const bookings = validBookings(input.bookings);
  const byEnd = [...bookings].sort((a, b) => a.end - b.end);
  const byStart = [...bookings].sort((a, b) => a.start - b.start);
  const slots = isAscending(input.slots) ? input.slots : [...input.slots].sort((a, b) => a - b);

  const out: number[] = [];
  let w = 0; // windows before w end before the current slot does
  let p = 0; // byEnd[0..p) end at or before the current start
  let n = 0; // byStart[0..n) start before the current end
  let readyEnd = NaN; // readyAt below is for the bookings ending at readyEnd
  let readyAt = 0;
  let homeWindow = -1; // homeReadyAt below is for windows[homeWindow]
  let homeReadyAt = 0;

  for (const s of slots) {
    const e = s + durationMs;
    while (w < windows.length && (windows[w]?.end ?? Infinity) < e) w++;
    const stretch = windows[w];
    if (stretch === undefined || stretch.start > s) continue; // not working then: not ours to offer
    while (p < byEnd.length && (byEnd[p]?.end ?? Infinity) <= s) p++;
    while (n < byStart.length && (byStart[n]?.start ?? Infinity) < e) n++;

    const prev = byEnd[p - 1];
    if (prev !== undefined && prev.end >= stretch.start) {
      if (prev.end !== readyEnd) {
        readyEnd = prev.end;
        readyAt = -Infinity;
        for (let i = p - 1; i >= 0; i--) {
          const b = byEnd[i];
          if (b === undefined || b.end !== prev.end) break;
          readyAt = Math.max(readyAt, b.end + leg(b.district, here, b.end) * MINUTE_MS);
        }
      }
      if (readyAt > s) continue;
    } else if (travel.home !== null) {
      if (homeWindow !== w) {
        homeWindow = w;
        homeReadyAt = stretch.start + leg(travel.home, here, stretch.start) * MINUTE_MS;
      }
      if (homeReadyAt > s) continue;
    }

    const next = byStart[n];
    if (next !== undefined && next.start <= stretch.end && !canLeaveFor(byStart, n, here, e, leg)) {
      continue;
    }
    out.push(s);
  }
  return out;
}

/** Every booking starting when byStart[n] does can be reached leaving here at e. */
function canLeaveFor(
  byStart: readonly PlacedBooking[],
  n: number,
  here: District,
  e: number,
  leg: Leg,
): boolean {
  const start = byStart[n]?.start;
  for (let i = n; i < byStart.length; i++) {
    const b = byStart[i];
    if (b === undefined || b.start !== start) break;
    if (e + leg(here, b.district, e) * MINUTE_MS > b.start) return false;
  }
  return true;
}

function isAscending(xs: readonly number[]): boolean {
  for (let i = 1; i < xs.length; i++) if ((xs[i - 1] ?? 0) > (xs[i] ?? 0)) return false;
  return true;
}

/**
 * Whether the therapist is shown at all for a customer in `here`: not outside the districts they
 * cover, and not further from home than their own limit (when both are known to us). Unknown
 * journeys count as unknownPlaceMinutes, as everywhere else.
 */
export function servesDistrict(
  travel: TherapistTravel,
  here: District,
  journey: JourneyMinutes,
  departAt: number,
  config: Pick<TravelConfig, 'unknownPlaceMinutes'>,
): boolean {
  if (travel.coveredDistricts !== null && !travel.coveredDistricts.includes(here)) return false;
  if (travel.maxTravelMinutes === null || travel.home === null) return true;
  const leg = legMinutes(journey, travel, config.unknownPlaceMinutes);
  return leg(travel.home, here, departAt) <= travel.maxTravelMinutes;
}

/**
 * The `count` reachable starts closest to `wanted` (ties: the earlier), ascending: what to suggest
 * when the time a customer asked for cannot be reached. Binary search, then outwards.
 */
export function nearestReachable(
  reachable: readonly number[],
  wanted: number,
  count = 3,
): number[] {
  let lo = 0;
  let hi = reachable.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((reachable[mid] ?? Infinity) < wanted) lo = mid + 1;
    else hi = mid;
  }
  let left = lo - 1;
  let right = lo;
  const picked: number[] = [];
  while (picked.length < count) {
    const a = reachable[left];
    const b = reachable[right];
    if (a !== undefined && (b === undefined || wanted - a <= b - wanted)) {
      picked.push(a);
      left--;
    } else if (b !== undefined) {
      picked.push(b);
      right++;
    } else {
      break;
    }
  }
  return picked.sort((x, y) => x - y);
}

export interface TravelNoteInput {
  /** Shown as given, e.g. "Ailsa". */
  name: string;
  /** The slots without travel (computeSlots). */
  before: readonly number[];
  /** The slots with travel (reachableSlots of the same day). */
  after: readonly number[];
  bookings: readonly PlacedBooking[];
  windows: readonly Interval[];
  here: District;
  travel: TherapistTravel;
  journey: JourneyMinutes;
  /** The turnaround included in each booking, so "until" is when the treatment itself ends. */
  bufferMinutes: number;
  timeZone: string;
  config: Pick<TravelConfig, 'unknownPlaceMinutes' | 'acrossTownMinutes'>;
  /**
   * As given to reachableSlots. Only the wording uses it: it times the journey to the next booking
   * as reachableSlots did (peak or not); without it that journey is timed from the slot's start.
   */
  durationMinutes?: number;
}

/** Why one slot was taken away, in the terms reachableSlots used. */
type Loss =
  | { kind: 'before'; booking: PlacedBooking; acrossTown: boolean }
  | { kind: 'after'; booking: PlacedBooking; acrossTown: boolean }
  | { kind: 'home' };

interface Journey {
  minutes: number;
  /** From the estimate, not assumed for an unknown place. */
  known: boolean;
}

/** The longest journey among `group` that does not fit, or null when they all fit. */
function worstFailing(
  group: readonly PlacedBooking[],
  journeyOf: (b: PlacedBooking) => Journey,
  fits: (b: PlacedBooking, minutes: number) => boolean,
  max: number | null,
): (Journey & { booking: PlacedBooking }) | null {
  let worst: (Journey & { booking: PlacedBooking }) | null = null;
  for (const booking of group) {
    const j = journeyOf(booking);
    const ok = (max === null || j.minutes <= max) && fits(booking, j.minutes);
    // On a tie, the known journey: the note then reads the same whatever order bookings came in.
    const worse =
      worst === null ||
      j.minutes > worst.minutes ||
      (j.minutes === worst.minutes && j.known && !worst.known);
    if (!ok && worse) worst = { ...j, booking };
  }
  return worst;
}

function explainLoss(s: number, input: TravelNoteInput): Loss | null {
  const { here, travel, config } = input;
  const stretch = normaliseIntervals(input.windows).find((w) => w.start <= s && s < w.end);
  if (stretch === undefined) return null;
  const max = travel.maxTravelMinutes;
  const journey = (from: District | null, to: District | null, at: number): Journey => {
    const j = estimate(input.journey, travel.mode, from, to, at);
    return { minutes: j ?? config.unknownPlaceMinutes, known: j !== null };
  };
  // "Across town" is a claim about distance: only made for a journey the estimate knows.
  const acrossTown = (j: Journey) => j.known && j.minutes >= config.acrossTownMinutes;
  const bookings = validBookings(input.bookings);

  const earlier = bookings.filter((b) => b.end <= s && b.end >= stretch.start);
  if (earlier.length > 0) {
    const end = Math.max(...earlier.map((b) => b.end));
    const failing = worstFailing(
      earlier.filter((b) => b.end === end),
      (b) => journey(b.district, here, b.end),
      (b, m) => b.end + m * MINUTE_MS <= s,
      max,
    );
    if (failing !== null) {
      return { kind: 'before', booking: failing.booking, acrossTown: acrossTown(failing) };
    }
  } else if (travel.home !== null) {
    const { minutes } = journey(travel.home, here, stretch.start);
    if ((max !== null && minutes > max) || stretch.start + minutes * MINUTE_MS > s) {
      return { kind: 'home' };
    }
  }

  const e = input.durationMinutes === undefined ? s : s + input.durationMinutes * MINUTE_MS;
  const later = bookings.filter((b) => b.start > s && b.start <= stretch.end);
  if (later.length === 0) return null;
  const start = Math.min(...later.map((b) => b.start));
  const failing = worstFailing(
    later.filter((b) => b.start === start),
    (b) => journey(here, b.district, e),
    // Without the duration the slot's end is unknown: whatever was lost here was lost to this.
    (b, m) => input.durationMinutes !== undefined && e + m * MINUTE_MS <= b.start,
    max,
  );
  if (failing === null) return null;
  return { kind: 'after', booking: failing.booking, acrossTown: acrossTown(failing) };
}

/**
 * Why travel took times away, in plain words, about the first time it took; null when it took
 * none. Says when, never where: no other customer's district and not the therapist's home.
 */
export function travelNote(input: TravelNoteInput): string | null {
  const { name, after } = input;
  const time = (t: number) => formatUkTime(t, input.timeZone);
  const kept = new Set(after);
  for (const s of input.before) {
    if (kept.has(s)) continue;
    const loss = explainLoss(s, input);
    if (loss === null) continue;
    if (loss.kind === 'home') {
      const first = after.find((t) => t > s);
      return first === undefined
        ? `${name} needs time to travel to you and cannot reach you in time for an appointment that day.`
        : `${name} needs time to travel to you, so the first time that day is ${time(first)}.`;
    }
    const where = loss.acrossTown ? 'across town ' : '';
    const b = loss.booking;
    if (loss.kind === 'before') {
      const until = time(b.end - input.bufferMinutes * MINUTE_MS);
      const first = after.find((t) => t >= b.end);
      return first === undefined
        ? `${name} is with another customer ${where}until ${until} and cannot reach you in time for another appointment that day.`
        : `${name} is with another customer ${where}until ${until} — the first time ${name} can be with you is ${time(first)}.`;
    }
    const last = after.findLast((t) => t < b.start);
    return last === undefined
      ? `${name} has another customer ${where}at ${time(b.start)}, so cannot start with you before then.`
      : `${name} has another customer ${where}at ${time(b.start)}, so the last time ${name} can start with you before then is ${time(last)}.`;
  }
  return null;
}
