import { z } from 'zod';
import { DEFAULT_TRAVEL_CONFIG, type TravelConfig } from '../domain/travel-estimate';
import { TRAVEL_MODES } from '../domain/travel-types';
import { int, type EnvOf } from './config-values';

// Travel between bookings (docs/decisions/0077): without TRAVEL_TIME_URL journeys are the
// embedded estimate's, from district centroids; with it, an OSRM server's, kept in the database.

/** Per travel mode, any of them: `{ "car": ... }` changes the car's and keeps the others'. */
const perMode = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(TRAVEL_MODES.map((m) => [m, value.optional()]))) as z.ZodType<
    Partial<Record<(typeof TRAVEL_MODES)[number], z.output<T>>>
  >;

const minuteOfDay = z
  .number()
  .int('must be a whole number')
  .min(0)
  .max(24 * 60);

/**
 * TRAVEL_ESTIMATE: JSON of the parts of the embedded journey estimate to change (travel-estimate.ts
 * says what each is); the rest keep their defaults. An unknown key is refused, not ignored, so a
 * misspelt one cannot silently leave the default in force.
 */
const travelEstimateSchema = z.strictObject({
  detourFactor: z.number().min(1).max(3).optional(),
  sameDistrictKm: z.number().positive().max(20).optional(),
  speedsKmh: perMode(
    z.strictObject({
      offPeak: z.number().positive().max(200).optional(),
      peak: z.number().positive().max(200).optional(),
    }),
  ).optional(),
  doorMinutes: perMode(z.number().min(0).max(120)).optional(),
  peakBands: z
    .array(
      z
        .tuple([minuteOfDay, minuteOfDay])
        .refine(([start, end]) => start < end, 'must be [start, end) minutes of the day'),
    )
    .max(12)
    .optional(),
  unknownPlaceMinutes: z.number().int('must be a whole number').min(0).max(600).optional(),
  acrossTownMinutes: z.number().int('must be a whole number').min(1).max(600).optional(),
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const json = z
  .string()
  .refine(isJson, 'must be JSON, e.g. {"detourFactor":1.5}')
  .transform((text): unknown => JSON.parse(text));

export const travelEnv = {
  /** The base URL of an OSRM server, e.g. http://osrm:5000. */
  TRAVEL_TIME_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http:// or https:// URL' })
    .optional(),
  /** How long a search waits for the routing engine before it uses the embedded estimate. */
  TRAVEL_TIME_TIMEOUT_MS: int(50, 60_000).default(1500),
  /** How long the routing engine's answers are kept before it is asked again. */
  TRAVEL_TIME_CACHE_DAYS: int(1, 3650).default(30),
  TRAVEL_ESTIMATE: json.pipe(travelEstimateSchema).optional(),
};

export interface TravelSettings {
  /** The OSRM server's base URL, no trailing slash; null: the embedded estimate only. */
  timeUrl: string | null;
  timeoutMs: number;
  cacheDays: number;
  /** The embedded estimate: DEFAULT_TRAVEL_CONFIG with TRAVEL_ESTIMATE's changes, frozen. */
  estimate: TravelConfig;
}

export function travelOf(e: EnvOf<typeof travelEnv>): TravelSettings {
  return {
    timeUrl: e.TRAVEL_TIME_URL?.replace(/\/+$/, '') ?? null,
    timeoutMs: e.TRAVEL_TIME_TIMEOUT_MS,
    cacheDays: e.TRAVEL_TIME_CACHE_DAYS,
    estimate: travelEstimateOf(e.TRAVEL_ESTIMATE),
  };
}

/** The defaults with the changes over them, mode by mode; frozen like the defaults. */
function travelEstimateOf(changes: z.infer<typeof travelEstimateSchema> | undefined): TravelConfig {
  if (!changes) return DEFAULT_TRAVEL_CONFIG;
  const d = DEFAULT_TRAVEL_CONFIG;
  const speedsKmh = Object.fromEntries(
    TRAVEL_MODES.map((m) => [m, Object.freeze({ ...d.speedsKmh[m], ...changes.speedsKmh?.[m] })]),
  ) as TravelConfig['speedsKmh'];
  const doorMinutes = Object.fromEntries(
    TRAVEL_MODES.map((m) => [m, changes.doorMinutes?.[m] ?? d.doorMinutes[m]]),
  ) as TravelConfig['doorMinutes'];
  return Object.freeze({
    detourFactor: changes.detourFactor ?? d.detourFactor,
    sameDistrictKm: changes.sameDistrictKm ?? d.sameDistrictKm,
    speedsKmh: Object.freeze(speedsKmh),
    doorMinutes: Object.freeze(doorMinutes),
    peakBands: changes.peakBands
      ? Object.freeze(changes.peakBands.map((band) => Object.freeze([band[0], band[1]] as const)))
      : d.peakBands,
    unknownPlaceMinutes: changes.unknownPlaceMinutes ?? d.unknownPlaceMinutes,
    acrossTownMinutes: changes.acrossTownMinutes ?? d.acrossTownMinutes,
  });
}
