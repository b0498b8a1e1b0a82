import { DAY_MS, MINUTE_MS } from './constants';
import {
  TRAVEL_MODES,
  type Centroid,
  type District,
  type JourneyMinutes,
  type TravelMode,
} from './travel-types';
import { tzOffsetMs } from './uk-time';

// The embedded journey estimate (docs/decisions/0077): used when no routing engine is configured,
// and deliberately pessimistic, because a slot offered and then missed costs a customer their
// appointment while a slot withheld costs at most a booking. Every default leans long.

/** How the embedded estimate turns two district centroids into minutes. */
export interface TravelConfig {
  /** Road distance over straight-line distance. */
  readonly detourFactor: number;
  /**
   * Straight-line km assumed between two homes in one district (never 0); also the least any
   * journey counts, whichever districts it joins.
   */
  readonly sameDistrictKm: number;
  /** Door-to-door city speeds: junctions, lights and queues included, not cruising speeds. */
  readonly speedsKmh: Readonly<Record<TravelMode, Readonly<{ offPeak: number; peak: number }>>>;
  /** Added to every journey: parking, walking to and from the stop, finding the door. */
  readonly doorMinutes: Readonly<Record<TravelMode, number>>;
  /** UK local minutes of the day, [start, end), when roads are busy on weekdays (Mon–Fri). */
  readonly peakBands: readonly (readonly [number, number])[];
  /** The journey assumed to or from a booking whose place is unknown. */
  readonly unknownPlaceMinutes: number;
  /** A journey at least this long is described to customers as "across town". */
  readonly acrossTownMinutes: number;
}

export const DEFAULT_TRAVEL_CONFIG: TravelConfig = Object.freeze({
  // UK city roads bend around rivers, railways, parks and one-way systems; 1.4 is the long end of
  // what city road networks add, so that short hops, where the detour is proportionally worst,
  // are covered too.
  detourFactor: 1.4,
  // A city district is a few km across; two homes in it are rarely more than 2 km apart in a line,
  // and the floor also stops two neighbouring districts being "closer" than one district is.
  sameDistrictKm: 2,
  speedsKmh: Object.freeze({
    // 30 km/h is a city's average door to door off-peak (the limit is 20 mph in much of it);
    // peak traffic brings it to 18.
    car: Object.freeze({ offPeak: 30, peak: 18 }),
    // Waits and changes included; buses suffer in the peak, less than cars thanks to bus lanes.
    public_transport: Object.freeze({ offPeak: 16, peak: 13 }),
    // A steady pace carrying a kit bag, on hills too; traffic barely changes it.
    bicycle: Object.freeze({ offPeak: 14, peak: 14 }),
    // An unhurried pace carrying kit (a brisk unladen walk is 5 km/h).
    walking: Object.freeze({ offPeak: 4.5, peak: 4.5 }),
  }),
  doorMinutes: Object.freeze({
    car: 10, // finding a space in a residential street, then walking to the door with kit
    public_transport: 10, // walking to the stop and from it at the other end
    bicycle: 5, // locking up and unloading
    walking: 2, // finding the right door
  }),
  // 07:00–09:30 and 16:00–18:30: the school and commuter runs, with half an hour either side of
  // the busiest hour. Bank holidays count as weekdays: assuming traffic errs long.
  peakBands: Object.freeze([
    Object.freeze([7 * 60, 9 * 60 + 30] as const),
    Object.freeze([16 * 60, 18 * 60 + 30] as const),
  ]),
  // Longer than the estimate gives for almost any journey within one city, so an old booking with
  // no recorded postcode never lets a tighter slot through than a known place would.
  unknownPlaceMinutes: 45,
  // Wording only: below this, "across town" would overstate a journey within a neighbourhood.
  acrossTownMinutes: 25,
});

const EARTH_RADIUS_KM = 6371;
const MODE_INDEX = Object.fromEntries(TRAVEL_MODES.map((m, i) => [m, i])) as Record<
  TravelMode,
  number
>;
// The epoch, 1970-01-01, was a Thursday: day 0 is weekday 4 counting Sunday as 0.
const EPOCH_WEEKDAY = 4;
// Floating-point sums land a hair above a whole grid step (30.000000000000004); a millionth of a
// minute is far below anything a slot could notice.
const ROUNDING_SLACK = 1e-6;

/** 1 when departing in a weekday peak band (UK local time), 0 otherwise. */
export function hourBandOf(
  departAt: number,
  config: Pick<TravelConfig, 'peakBands'>,
  timeZone: string,
): 0 | 1 {
  const local = departAt + tzOffsetMs(departAt, timeZone);
  const day = Math.floor(local / DAY_MS);
  const weekday = (((day + EPOCH_WEEKDAY) % 7) + 7) % 7;
  if (weekday === 0 || weekday === 6) return 0;
  const minute = Math.floor((local - day * DAY_MS) / MINUTE_MS);
  for (const [start, end] of config.peakBands) if (start <= minute && minute < end) return 1;
  return 0;
}

/** Great-circle (haversine) distance in km. */
export function straightLineKm(a: Centroid, b: Centroid): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Unrounded minutes from one centroid to another. The straight line never counts as less than
 * sameDistrictKm: within one district (equal centroids) the homes are still apart, and without
 * the floor a neighbouring district with a close centroid would be quicker to reach than a
 * neighbour in the same district.
 */
export function embeddedJourneyMinutes(
  from: Centroid,
  to: Centroid,
  mode: TravelMode,
  departAt: number,
  config: TravelConfig,
  timeZone: string,
): number {
  return minutesInBand(from, to, mode, hourBandOf(departAt, config, timeZone), config);
}

function minutesInBand(
  from: Centroid,
  to: Centroid,
  mode: TravelMode,
  band: 0 | 1,
  config: TravelConfig,
): number {
  const km = Math.max(straightLineKm(from, to), config.sameDistrictKm) * config.detourFactor;
  const speeds = config.speedsKmh[mode];
  return (km / (band === 1 ? speeds.peak : speeds.offPeak)) * 60 + config.doorMinutes[mode];
}

/** Up to a whole number of grid steps, so a journey never ends between two slot starts. */
export function roundUpToGrid(minutes: number, gridMinutes: number): number {
  if (!(minutes > 0)) return 0;
  if (!(gridMinutes > 0)) return Math.ceil(minutes);
  return Math.ceil(minutes / gridMinutes - ROUNDING_SLACK) * gridMinutes;
}

/**
 * The embedded estimate as the rules consume it. One function per search: it remembers each
 * (from, to, mode, band) it has answered, because reachableSlots asks the same pairs for every
 * slot of every therapist. Lookups go through nested maps and a per-minute band cache rather than
 * a joined string key: this runs a few thousand times per search, inside a 1 ms budget.
 */
export function embeddedJourneys(
  centroidOf: (d: District) => Centroid | undefined,
  config: TravelConfig,
  rules: { gridMinutes: number; timeZone: string },
): JourneyMinutes {
  const memo = new Map<District, Map<District, (number | null | undefined)[]>>();
  // UTC offsets are whole minutes, so an instant's local minute and weekday, hence its band, are
  // the same for the whole UTC minute; slot ends repeat across therapists, so this mostly hits.
  const bands = new Map<number, 0 | 1>();
  return (from, to, mode, departAt) => {
    const minute = Math.floor(departAt / MINUTE_MS);
    let band = bands.get(minute);
    if (band === undefined) {
      band = hourBandOf(departAt, config, rules.timeZone);
      bands.set(minute, band);
    }
    let row = memo.get(from);
    if (row === undefined) {
      row = new Map();
      memo.set(from, row);
    }
    let cell = row.get(to);
    if (cell === undefined) {
      cell = [];
      row.set(to, cell);
    }
    const i = MODE_INDEX[mode] * 2 + band;
    const known = cell[i];
    if (known !== undefined) return known;
    const a = centroidOf(from);
    const b = centroidOf(to);
    const minutes =
      a === undefined || b === undefined
        ? null
        : roundUpToGrid(minutesInBand(a, b, mode, band, config), rules.gridMinutes);
    cell[i] = minutes;
    return minutes;
  };
}
