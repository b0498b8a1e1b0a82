import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RULES_CONFIG } from './constants';
import { normaliseIntervals } from './intervals';
import { computeSlots } from './slots';
import { reachableSlots, travelNote, type ReachInput } from './travel-reach';
import type { District, JourneyMinutes, PlacedBooking, TherapistTravel } from './travel-types';
import type { Interval } from './types';
import { ukDayInterval } from './uk-time';

const LONDON = 'Europe/London';
const MIN = 60_000;
const day = ukDayInterval('2026-07-15', LONDON);
// Real-looking districts, so the note's privacy can be checked by looking for them.
const DISTRICTS = ['EH6', 'G12', 'KY1', 'AB10'] as const;

// ---- Generators -------------------------------------------------------------------------------

const district = fc.constantFrom(...DISTRICTS);
const minutesOrUnknown = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 18 }).map((n) => n * 5) },
  { weight: 1, arbitrary: fc.constant(null) },
);

interface Journeys {
  base: Record<string, number | null>;
  symmetric: boolean;
  /** Minutes of the day when every journey takes `extra` longer (a rush hour). */
  rush: [number, number];
  extra: number;
}

const journeys: fc.Arbitrary<Journeys> = fc.record({
  base: fc.dictionary(
    fc.tuple(district, district).map(([a, b]) => `${a}>${b}`),
    minutesOrUnknown,
  ),
  symmetric: fc.boolean(),
  rush: fc
    .tuple(fc.integer({ min: 0, max: 24 * 4 }), fc.integer({ min: 0, max: 16 }))
    .map(([q, len]): [number, number] => [q * 15, q * 15 + len * 15]),
  extra: fc.constantFrom(0, 15, 30),
});

/** A journey function from the generated table; pairs missing from it take 20 minutes. */
function journeyOf(j: Journeys): JourneyMinutes {
  return (from, to, _mode, departAt) => {
    const [a, b] = j.symmetric && to < from ? [to, from] : [from, to];
    const base = j.base[`${a}>${b}`];
    if (base === null) return null;
    const minute = (departAt - day.start) / MIN;
    const rush = minute >= j.rush[0] && minute < j.rush[1] ? j.extra : 0;
    return (base ?? 20) + rush;
  };
}

const onFive = (min: number, max: number) =>
  fc.integer({ min: min / 5, max: max / 5 }).map((n) => n * 5);

const windows = fc.array(
  fc.tuple(onFive(6 * 60, 20 * 60), onFive(30, 10 * 60)).map(([from, len]): Interval => ({
    start: day.start + from * MIN,
    end: day.start + (from + len) * MIN,
  })),
  { minLength: 1, maxLength: 3 },
);

const place = fc.option(district, { freq: 5 });

/** Bookings laid end to end with gaps (sometimes none): never overlapping, sometimes touching. */
const disjointBookings = fc
  .array(fc.tuple(onFive(0, 240), onFive(30, 180), place), { maxLength: 6 })
  .chain((parts) =>
    onFive(6 * 60, 12 * 60).map((first) => {
      let at = first;
      return parts.map(([gap, len, d]): PlacedBooking => {
        const start = at + gap;
        at = start + len;
        return { start: day.start + start * MIN, end: day.start + at * MIN, district: d };
      });
    }),
  );

/** Bookings anywhere: overlapping, equal ends, touching. */
const anyBookings = fc.array(
  fc
    .tuple(onFive(5 * 60, 22 * 60), onFive(15, 180), place)
    .map(([from, len, d]): PlacedBooking => ({
      start: day.start + from * MIN,
      end: day.start + (from + len) * MIN,
      district: d,
    })),
  { maxLength: 6 },
);

const travel: fc.Arbitrary<TherapistTravel> = fc.record({
  home: fc.option(district, { freq: 4 }),
  mode: fc.constantFrom('car', 'public_transport', 'bicycle', 'walking'),
  maxTravelMinutes: fc.option(fc.constantFrom(15, 30, 45, 60, 90), { freq: 2 }),
  coveredDistricts: fc.constant(null),
});

const common = {
  windows,
  here: district,
  travel,
  journeys,
  duration: fc.constantFrom(30, 45, 60, 75, 90, 105),
  unknown: fc.constantFrom(0, 15, 45),
};

interface Case {
  windows: Interval[];
  bookings: PlacedBooking[];
  here: District;
  travel: TherapistTravel;
  journeys: Journeys;
  duration: number;
  unknown: number;
}

function reachInput(c: Case): ReachInput {
  const slots = computeSlots({
    windows: c.windows,
    bookings: c.bookings,
    durationMinutes: c.duration,
    range: day,
    now: 0,
    config: DEFAULT_RULES_CONFIG,
  });
  return {
    slots,
    durationMinutes: c.duration,
    windows: c.windows,
    bookings: c.bookings,
    here: c.here,
    travel: c.travel,
    journey: journeyOf(c.journeys),
    config: { unknownPlaceMinutes: c.unknown },
  };
}

// ---- The day as a plan: independent of how reachableSlots sweeps ------------------------------

/** Minutes of a leg as the rules count them, or Infinity when the therapist would not make it. */
function legMinutes(input: ReachInput, from: District | null, to: District | null, at: number) {
  const j = from === null || to === null ? null : input.journey(from, to, input.travel.mode, at);
  const m = j ?? input.config.unknownPlaceMinutes;
  const max = input.travel.maxTravelMinutes;
  return max !== null && m > max ? Infinity : m;
}

/**
 * The legs of one working stretch that cannot be made, as "from>to" labels of the bookings'
 * positions: the stretch's bookings in start order, the first reached from home (when known).
 */
function brokenLegs(input: ReachInput, stretch: Interval, plan: PlacedBooking[]): Set<string> {
  const inStretch = plan
    .filter((b) => b.end >= stretch.start && b.start <= stretch.end)
    .sort((a, b) => a.start - b.start);
  const broken = new Set<string>();
  const label = (b: PlacedBooking) => `${b.start}`;
  const first = inStretch[0];
  const home = input.travel.home;
  if (first !== undefined && home !== null && first.start >= stretch.start) {
    const m = legMinutes(input, home, first.district, stretch.start);
    if (stretch.start + m * MIN > first.start) broken.add(`home>${label(first)}`);
  }
  for (let i = 1; i < inStretch.length; i++) {
    const a = inStretch[i - 1];
    const b = inStretch[i];
    if (a === undefined || b === undefined) continue;
    if (a.end + legMinutes(input, a.district, b.district, a.end) * MIN > b.start) {
      broken.add(`${label(a)}>${label(b)}`);
    }
  }
  return broken;
}

/** Whether inserting the slot as a booking at `here` breaks no leg that was not already broken. */
function fitsThePlan(input: ReachInput, s: number): boolean {
  const e = s + input.durationMinutes * MIN;
  const stretch = normaliseIntervals(input.windows).find((w) => w.start <= s && e <= w.end);
  if (stretch === undefined) return false;
  const plan = [...input.bookings];
  const was = brokenLegs(input, stretch, plan);
  const now = brokenLegs(input, stretch, [...plan, { start: s, end: e, district: input.here }]);
  return [...now].every((leg) => was.has(leg));
}

const shuffled = <T>(xs: T[]): fc.Arbitrary<T[]> =>
  fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length });

// ---- Properties -------------------------------------------------------------------------------

describe('reachableSlots properties', () => {
  it('offers exactly the free slots that fit the day as a plan: none unreachable or withheld', () => {
    fc.assert(
      fc.property(fc.record({ ...common, bookings: disjointBookings }), (c) => {
        const input = reachInput(c);
        const result = reachableSlots(input);
        expect(result).toEqual(input.slots.filter((s) => fitsThePlan(input, s)));
      }),
      { seed: 77, numRuns: 300 },
    );
  });

  it('with no other booking, loses only what the journey from home takes', () => {
    fc.assert(
      fc.property(fc.record({ ...common, bookings: fc.constant<PlacedBooking[]>([]) }), (c) => {
        const input = reachInput(c);
        const merged = normaliseIntervals(c.windows);
        const expected = input.slots.filter((s) => {
          const home = c.travel.home;
          if (home === null) return true;
          const w = merged.find((m) => m.start <= s && s < m.end);
          if (w === undefined) return false;
          return w.start + legMinutes(input, home, c.here, w.start) * MIN <= s;
        });
        expect(reachableSlots(input)).toEqual(expected);
      }),
      { seed: 770 },
    );
  });

  it('does not depend on the order bookings come in, and neither does the note', () => {
    const scenario = fc
      .record({ ...common, bookings: anyBookings })
      .chain((c) => shuffled(c.bookings).map((other) => ({ c, other })));
    fc.assert(
      fc.property(scenario, ({ c, other }) => {
        const input = reachInput(c);
        const result = reachableSlots(input);
        expect(reachableSlots({ ...input, bookings: other })).toEqual(result);
        const note = (bookings: PlacedBooking[]) =>
          travelNote({
            ...input,
            name: 'Ailsa',
            before: input.slots,
            after: result,
            bookings,
            bufferMinutes: 15,
            timeZone: LONDON,
            config: { unknownPlaceMinutes: c.unknown, acrossTownMinutes: 25 },
          });
        expect(note(other)).toBe(note(c.bookings));
      }),
      { seed: 7077 },
    );
  });

  it('loses nothing when every journey takes no time and there is no limit', () => {
    fc.assert(
      fc.property(fc.record({ ...common, bookings: anyBookings }), (c) => {
        const input = {
          ...reachInput(c),
          journey: () => 0,
          travel: { ...c.travel, maxTravelMinutes: null },
          config: { unknownPlaceMinutes: 0 },
        };
        expect(reachableSlots(input)).toEqual(input.slots);
      }),
      { seed: 7707 },
    );
  });
});

describe('travelNote properties', () => {
  it('is given exactly when travel took a slot, and never names a district', () => {
    fc.assert(
      fc.property(fc.record({ ...common, bookings: anyBookings }), (c) => {
        const input = reachInput(c);
        const after = reachableSlots(input);
        const note = travelNote({
          ...input,
          name: 'Ailsa',
          before: input.slots,
          after,
          bufferMinutes: 15,
          timeZone: LONDON,
          config: { unknownPlaceMinutes: c.unknown, acrossTownMinutes: 25 },
        });
        expect(note === null).toBe(after.length === input.slots.length);
        for (const d of DISTRICTS) expect(note ?? '').not.toContain(d);
      }),
      { seed: 77077 },
    );
  });
});
