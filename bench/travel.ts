import os from 'node:os';
import {
  BOOKING_BUFFER_MINUTES,
  MINUTE_MS,
  SLOT_GRID_MINUTES,
  UK_TIME_ZONE,
} from '../src/domain/constants';
import { DEFAULT_TRAVEL_CONFIG } from '../src/domain/travel-estimate';
import type { TherapistTravel, TravelMode } from '../src/domain/travel-types';
import type { Interval } from '../src/domain/types';
import { localToInstant } from '../src/domain/uk-time';
import { centroidOf } from '../src/server/travel/postcode-districts';
import { pickDistrict, TRAVEL_MODE_MIX, type BenchCity } from './city-districts';
import { createPrng, pickWeighted, type Prng } from './prng';
import {
  assess,
  replay,
  type Policy,
  type ReplayCustomer,
  type ReplayFigures,
  type ReplayTherapist,
  type ReplayWorld,
} from './travel-replay';
import { writeTravelResults, type TravelResult } from './travel-report';

// `npm run bench -- travel`: a week of demand in Edinburgh and Newcastle replayed under three
// booking policies (travel-replay.ts), to see what planning journeys costs and saves. No server
// and no database: the domain's own rules, on identical demand.

export const TRAVEL_SEED = 77_077;
/** A Monday; the week that follows keeps GMT throughout (no clock change inside it). */
export const WEEK_START = '2026-03-02';
const DAYS = 7;
const THERAPISTS_PER_CITY = 100;
/** Customers wanting a booking during the week, both cities together. */
export const CUSTOMERS = 12_000;
/** A customer takes any start up to this far from the time they would like. */
export const TOLERANCE_MINUTES = 120;
/** Policy (b): what services without travel planning leave after every booking. */
export const FLAT_GAP_MINUTES = 60;

const CITIES: BenchCity[] = ['edinburgh', 'newcastle'];

/** Working days: most work 08:00–20:00, some shorter days; [start, end) in minutes of the day. */
const DAY_SHAPES: readonly (readonly [readonly [number, number], number])[] = [
  [[8 * 60, 20 * 60], 60],
  [[9 * 60, 17 * 60], 15],
  [[12 * 60, 20 * 60], 10],
  [[8 * 60, 14 * 60], 10],
  [[10 * 60, 16 * 60], 5],
];

/** Which days customers want (Monday first): Friday and Saturday are the busiest. */
const DAY_WEIGHTS: readonly number[] = [1, 1, 1, 1.1, 1.3, 1.4, 0.9];

/** When in the day customers would like to start: [from, to) minutes of the day, weight. */
const WEEKDAY_TIMES: readonly (readonly [readonly [number, number], number])[] = [
  [[8 * 60, 12 * 60], 25],
  [[12 * 60, 16 * 60], 30],
  [[16 * 60, 19 * 60 + 30], 45],
];
const WEEKEND_TIMES: readonly (readonly [readonly [number, number], number])[] = [
  [[9 * 60, 13 * 60], 50],
  [[13 * 60, 18 * 60], 50],
];

/** Treatment minutes (before the 15-minute turnaround) and how often each is wanted. */
const TREATMENT_MINUTES: readonly (readonly [number, number])[] = [
  [60, 35],
  [75, 15],
  [90, 25],
  [105, 10],
  [120, 15],
];

/** On foot a therapist keeps to an hour's walk; nobody else has a limit of their own here. */
const WALKING_LIMIT_MINUTES = 60;

const dayAt = (day: number, minuteOfDay: number): number => {
  const [y, m, d] = WEEK_START.split('-').map(Number) as [number, number, number];
  return localToInstant(Date.UTC(y, m - 1, d + day) + minuteOfDay * MINUTE_MS, UK_TIME_ZONE);
};

function therapistFor(prng: Prng, city: BenchCity, index: number): ReplayTherapist {
  const mode: TravelMode = pickWeighted(prng, TRAVEL_MODE_MIX);
  const travel: TherapistTravel = {
    home: pickDistrict(prng, city),
    mode,
    maxTravelMinutes: mode === 'walking' ? WALKING_LIMIT_MINUTES : null,
    coveredDistricts: null,
  };
  const [from, to] = pickWeighted(prng, DAY_SHAPES);
  // Four in five take one day off in the week.
  const dayOff = prng.chance(0.8) ? prng.int(DAYS) : -1;
  const days: Interval[][] = Array.from({ length: DAYS }, (_, day) =>
    day === dayOff ? [] : [{ start: dayAt(day, from), end: dayAt(day, to) }],
  );
  return { id: `${city}-${String(index).padStart(3, '0')}`, city, travel, days };
}

function customerFor(prng: Prng): ReplayCustomer {
  const city = prng.pick(CITIES);
  const day = pickWeighted(
    prng,
    DAY_WEIGHTS.map((w, d): [number, number] => [d, w]),
  );
  const [from, to] = pickWeighted(prng, day >= 5 ? WEEKEND_TIMES : WEEKDAY_TIMES);
  const minute = from + prng.int((to - from) / SLOT_GRID_MINUTES) * SLOT_GRID_MINUTES;
  return {
    city,
    district: pickDistrict(prng, city),
    day,
    preferredAt: dayAt(day, minute),
    treatmentMinutes: pickWeighted(prng, TREATMENT_MINUTES),
    tie: prng.next(),
  };
}

/** The week: therapists first, then customers, from one seed. */
export function travelWorld(seed = TRAVEL_SEED, customers = CUSTOMERS): ReplayWorld {
  const prng = createPrng(seed);
  const therapists = CITIES.flatMap((city) =>
    Array.from({ length: THERAPISTS_PER_CITY }, (_, i) => therapistFor(prng, city, i)),
  );
  return {
    therapists,
    customers: Array.from({ length: customers }, () => customerFor(prng)),
    toleranceMinutes: TOLERANCE_MINUTES,
    now: dayAt(-1, 0),
    centroidOf,
    estimate: DEFAULT_TRAVEL_CONFIG,
    gridMinutes: SLOT_GRID_MINUTES,
    timeZone: UK_TIME_ZONE,
  };
}

export const POLICIES: readonly { label: string; policy: Policy }[] = [
  { label: '(a) 15-minute turnaround only (today)', policy: { kind: 'turnaround' } },
  {
    label: `(b) flat ${FLAT_GAP_MINUTES}-minute gap after every treatment`,
    // The gap is from the treatment's end: the 15-minute turnaround is part of it, which is the
    // kinder reading for the flat policy (a longer gap would only take more bookings from it).
    policy: { kind: 'flat-gap', gapMinutes: FLAT_GAP_MINUTES - BOOKING_BUFFER_MINUTES },
  },
  { label: '(c) travel-aware (embedded estimate)', policy: { kind: 'travel-aware' } },
];

/** What the bench requires; the reasons it fails, empty when it passes. */
export function travelFailures(figures: readonly ReplayFigures[]): string[] {
  const [, flat, aware] = figures;
  if (!flat || !aware) return ['the three policies were not all replayed'];
  const failures: string[] = [];
  if (aware.infeasible !== 0) {
    failures.push(`travel-aware has ${aware.infeasible} infeasible transitions (must be 0)`);
  }
  if (aware.overOwnLimit !== 0) {
    failures.push(`travel-aware has ${aware.overOwnLimit} journeys over a therapist's own limit`);
  }
  if (aware.bookings <= flat.bookings) {
    failures.push(
      `travel-aware took ${aware.bookings} bookings, not more than the flat gap's ${flat.bookings}`,
    );
  }
  return failures;
}

export async function runTravelBench(): Promise<boolean> {
  process.stdout.write(
    `Replaying ${CUSTOMERS.toLocaleString('en-GB')} customers over the week of ${WEEK_START} ` +
      `(seed ${TRAVEL_SEED})\n`,
  );
  const world = travelWorld();
  const started = performance.now();
  const figures = POLICIES.map(({ label, policy }) => {
    const t0 = performance.now();
    const result = assess(world, replay(world, policy));
    process.stdout.write(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return result;
  });
  const modes: Record<TravelMode, number> = { car: 0, public_transport: 0, bicycle: 0, walking: 0 };
  for (const t of world.therapists) modes[t.travel.mode] += 1;
  const result: TravelResult = {
    bench: 'travel',
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    seconds: (performance.now() - started) / 1000,
    setup: {
      seed: TRAVEL_SEED,
      weekStart: WEEK_START,
      days: DAYS,
      therapists: world.therapists.length,
      therapistsPerCity: THERAPISTS_PER_CITY,
      modes,
      walkingLimitMinutes: WALKING_LIMIT_MINUTES,
      customers: world.customers.length,
      toleranceMinutes: TOLERANCE_MINUTES,
      flatGapMinutes: FLAT_GAP_MINUTES,
      dayShapes: DAY_SHAPES.map(([[from, to], weight]) => ({ from, to, weight })),
      workingMinutes: world.therapists.reduce(
        (n, t) => n + t.days.flat().reduce((m, w) => m + (w.end - w.start) / MINUTE_MS, 0),
        0,
      ),
      wantedMinutes: world.customers.reduce(
        (n, c) => n + c.treatmentMinutes + BOOKING_BUFFER_MINUTES,
        0,
      ),
    },
    policies: POLICIES.map(({ label, policy }, i) => ({
      label,
      policy,
      figures: figures[i] as ReplayFigures,
    })),
    failures: travelFailures(figures),
  };
  await writeTravelResults(result);
  return result.failures.length === 0;
}
