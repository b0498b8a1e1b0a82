import { BOOKING_BUFFER_MINUTES, MINUTE_MS, UK_TIME_ZONE } from '../src/domain/constants';
import { normaliseIntervals } from '../src/domain/intervals';
import { computeSlots } from '../src/domain/slots';
import {
  embeddedJourneyMinutes,
  embeddedJourneys,
  type TravelConfig,
} from '../src/domain/travel-estimate';
import { reachableSlots, servesDistrict } from '../src/domain/travel-reach';
import type {
  Centroid,
  District,
  JourneyMinutes,
  PlacedBooking,
  TherapistTravel,
} from '../src/domain/travel-types';
import type { Interval } from '../src/domain/types';

// The core of `npm run bench -- travel` (bench/travel.ts): one week of customers booking, replayed
// under a booking policy, and what the therapists' days then look like on the road. Pure: the
// same world and policy always give the same bookings, so policies are compared on identical
// demand. The journeys judged are the embedded estimate's (src/domain/travel-estimate.ts).

/** How free times are worked out for a customer. */
export type Policy =
  /** Today's: each booking blocks its treatment and the 15-minute turnaround (computeSlots). */
  | { kind: 'turnaround' }
  /** A booking blocks its end (turnaround included) plus a fixed gap, whatever the journey. */
  | { kind: 'flat-gap'; gapMinutes: number }
  /** computeSlots, then only the starts reachableSlots keeps (and servesDistrict's therapists). */
  | { kind: 'travel-aware' };

export interface ReplayTherapist {
  id: string;
  city: string;
  travel: TherapistTravel;
  /** Working windows of each day of the week (index = day), possibly none. */
  days: readonly (readonly Interval[])[];
}

export interface ReplayCustomer {
  city: string;
  district: District;
  /** Day of the week wanted (index into ReplayTherapist.days). */
  day: number;
  /** Epoch ms of the start the customer would like best. */
  preferredAt: number;
  treatmentMinutes: number;
  /** In [0, 1): picks among therapists offering the same best time, identically in every policy. */
  tie: number;
}

export interface ReplayWorld {
  therapists: readonly ReplayTherapist[];
  /** In the order they arrive: first come, first served. */
  customers: readonly ReplayCustomer[];
  /** A customer takes a start at most this far from their preferred one, on the day wanted. */
  toleranceMinutes: number;
  /** When everyone books: before the week, so the notice rule never bites. */
  now: number;
  centroidOf: (district: District) => Centroid | undefined;
  estimate: TravelConfig;
  gridMinutes: number;
  timeZone?: string;
}

export interface ReplayBooking extends PlacedBooking {
  /** Always known here: every customer has one. */
  district: District;
  /** Index into world.therapists and world.customers. */
  therapist: number;
  customer: number;
  day: number;
  treatmentMinutes: number;
}

const rulesOf = (world: ReplayWorld) => ({
  noticeMinutes: 0,
  gridMinutes: world.gridMinutes,
  timeZone: world.timeZone ?? UK_TIME_ZONE,
});

/** The rules' journey estimate for a world: rounded up to the slot grid, as reachableSlots sees it. */
export function journeysOf(world: ReplayWorld): JourneyMinutes {
  const rules = rulesOf(world);
  return embeddedJourneys(world.centroidOf, world.estimate, rules);
}

/** The nearest start to `wanted` (the earlier of two as near); undefined when there is none. */
function nearest(slots: readonly number[], wanted: number): number | undefined {
  let best: number | undefined;
  for (const s of slots) {
    if (best === undefined || Math.abs(s - wanted) < Math.abs(best - wanted)) best = s;
    else if (s > wanted) break; // ascending: only further from here on
  }
  return best;
}

/**
 * Every customer, in order, books the offered start nearest their preferred one (within the
 * tolerance, any therapist of their city); one who is offered none goes away. Returns the
 * bookings made, in the order they were made.
 */
export function replay(world: ReplayWorld, policy: Policy): ReplayBooking[] {
  const rules = rulesOf(world);
  const journey = journeysOf(world);
  const toleranceMs = world.toleranceMinutes * MINUTE_MS;
  const gapMs = policy.kind === 'flat-gap' ? policy.gapMinutes * MINUTE_MS : 0;
  // One list per therapist and day, kept in booking order (the rules sort what they need).
  const booked = world.therapists.map((t) => t.days.map((): ReplayBooking[] => []));
  const byCityDay = new Map<string, number[]>();
  world.therapists.forEach((t, i) => {
    t.days.forEach((windows, day) => {
      if (windows.length === 0) return;
      const key = `${t.city}|${day}`;
      byCityDay.set(key, [...(byCityDay.get(key) ?? []), i]);
    });
  });
  // With a flat gap the window's end still only has to hold the treatment and the turnaround:
  // the gap is asked of the booking's block, and the windows are lengthened by as much.
  const windowsFor = (t: ReplayTherapist, day: number): readonly Interval[] => {
    const windows = t.days[day] ?? [];
    return gapMs === 0 ? windows : windows.map((w) => ({ start: w.start, end: w.end + gapMs }));
  };

  const out: ReplayBooking[] = [];
  world.customers.forEach((c, customerIndex) => {
    const durationMinutes = c.treatmentMinutes + BOOKING_BUFFER_MINUTES;
    const range = { start: c.preferredAt - toleranceMs, end: c.preferredAt + toleranceMs + 1 };
    let bestDistance = Infinity;
    let bestStart = Infinity;
    let tied: number[] = [];
    for (const ti of byCityDay.get(`${c.city}|${c.day}`) ?? []) {
      const t = world.therapists[ti] as ReplayTherapist;
      const windows = t.days[c.day] ?? [];
      const bookings = booked[ti]?.[c.day] ?? [];
      let slots: number[];
      if (policy.kind === 'flat-gap') {
        slots = computeSlots({
          windows: windowsFor(t, c.day),
          bookings: bookings.map((b) => ({ start: b.start, end: b.end + gapMs })),
          durationMinutes: durationMinutes + policy.gapMinutes,
          range,
          now: world.now,
          config: rules,
        });
      } else {
        const firstStart = windows[0]?.start ?? c.preferredAt;
        if (
          policy.kind === 'travel-aware' &&
          !servesDistrict(t.travel, c.district, journey, firstStart, world.estimate)
        ) {
          continue;
        }
        slots = computeSlots({
          windows,
          bookings,
          durationMinutes,
          range,
          now: world.now,
          config: rules,
        });
        if (policy.kind === 'travel-aware' && slots.length > 0) {
          slots = reachableSlots({
            slots,
            durationMinutes,
            windows,
            bookings,
            here: c.district,
            travel: t.travel,
            journey,
            config: world.estimate,
          });
        }
      }
      const s = nearest(slots, c.preferredAt);
      if (s === undefined) continue;
      const distance = Math.abs(s - c.preferredAt);
      if (distance < bestDistance || (distance === bestDistance && s < bestStart)) {
        bestDistance = distance;
        bestStart = s;
        tied = [ti];
      } else if (distance === bestDistance && s === bestStart) {
        tied.push(ti);
      }
    }
    if (tied.length === 0) return;
    const therapist = tied[Math.min(tied.length - 1, Math.floor(c.tie * tied.length))] as number;
    const booking: ReplayBooking = {
      start: bestStart,
      end: bestStart + durationMinutes * MINUTE_MS,
      district: c.district,
      therapist,
      customer: customerIndex,
      day: c.day,
      treatmentMinutes: c.treatmentMinutes,
    };
    booked[therapist]?.[c.day]?.push(booking);
    out.push(booking);
  });
  return out;
}

/** What a week of bookings means for the therapists, judged by the embedded estimate. */
export interface ReplayFigures {
  customers: number;
  bookings: number;
  /** Therapist-days with a working window: the days averaged over. */
  therapistDays: number;
  /** Journeys judged: home to a stretch's first booking (home known), and booking to booking. */
  transitions: number;
  /** Of those, the ones the estimate (as the rules round it) says cannot be made in time. */
  infeasible: number;
  /** Of the infeasible ones, those from home to a stretch's first booking. */
  infeasibleFromHome: number;
  /** How much later than the booking's start the estimate has the therapist arrive, summed. */
  lateMinutes: number;
  /** Journeys longer than the therapist's own longest journey (maxTravelMinutes). */
  overOwnLimit: number;
  /** Per therapist-day: with customers (treatment and turnaround), on the road, idle. */
  withCustomersMinutesPerDay: number;
  roadMinutesPerDay: number;
  idleMinutesPerDay: number;
  bookingsPerDay: number;
}

/**
 * Walks every therapist-day: each working stretch (merged windows) from home (when known) through
 * its bookings in order. Road minutes are the estimate's unrounded journeys; idle is what the
 * stretch leaves once the customers and the journeys are taken out, never below 0 for a journey
 * that does not fit. No journey home is counted after the last booking, as the rules ask none.
 */
export function assess(world: ReplayWorld, bookings: readonly ReplayBooking[]): ReplayFigures {
  const journey = journeysOf(world);
  const timeZone = world.timeZone ?? UK_TIME_ZONE;
  const road = (from: District, to: District, mode: TherapistTravel['mode'], at: number) => {
    const a = world.centroidOf(from);
    const b = world.centroidOf(to);
    if (!a || !b) return world.estimate.unknownPlaceMinutes;
    return embeddedJourneyMinutes(a, b, mode, at, world.estimate, timeZone);
  };
  const byTherapistDay = new Map<string, ReplayBooking[]>();
  for (const b of bookings) {
    const key = `${b.therapist}|${b.day}`;
    byTherapistDay.set(key, [...(byTherapistDay.get(key) ?? []), b]);
  }

  let therapistDays = 0;
  let transitions = 0;
  let infeasible = 0;
  let infeasibleFromHome = 0;
  let lateMinutes = 0;
  let overOwnLimit = 0;
  let withCustomers = 0;
  let roadMinutes = 0;
  let idle = 0;

  world.therapists.forEach((t, ti) => {
    const { home, mode, maxTravelMinutes } = t.travel;
    t.days.forEach((windows, day) => {
      if (windows.length === 0) return;
      therapistDays += 1;
      const all = [...(byTherapistDay.get(`${ti}|${day}`) ?? [])].sort((a, b) => a.start - b.start);
      for (const stretch of normaliseIntervals(windows)) {
        const inStretch = all.filter((b) => b.start >= stretch.start && b.start < stretch.end);
        let at = stretch.start;
        let from: District | null = home;
        let first = true;
        for (const b of inStretch) {
          withCustomers += (b.end - b.start) / MINUTE_MS;
          const gap = (b.start - at) / MINUTE_MS;
          if (from === null) {
            idle += Math.max(0, gap);
          } else {
            transitions += 1;
            const judged =
              journey(from, b.district, mode, at) ?? world.estimate.unknownPlaceMinutes;
            const onRoad = road(from, b.district, mode, at);
            roadMinutes += onRoad;
            idle += Math.max(0, gap - onRoad);
            if (judged > gap) {
              infeasible += 1;
              if (first) infeasibleFromHome += 1;
              lateMinutes += judged - gap;
            }
            if (maxTravelMinutes !== null && judged > maxTravelMinutes) overOwnLimit += 1;
          }
          at = b.end;
          from = b.district;
          first = false;
        }
        idle += Math.max(0, (stretch.end - at) / MINUTE_MS);
      }
    });
  });
  const perDay = (n: number) => (therapistDays === 0 ? 0 : n / therapistDays);
  return {
    customers: world.customers.length,
    bookings: bookings.length,
    therapistDays,
    transitions,
    infeasible,
    infeasibleFromHome,
    lateMinutes,
    overOwnLimit,
    withCustomersMinutesPerDay: perDay(withCustomers),
    roadMinutesPerDay: perDay(roadMinutes),
    idleMinutesPerDay: perDay(idle),
    bookingsPerDay: perDay(bookings.length),
  };
}
