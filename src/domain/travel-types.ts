import type { Interval } from './types';

// The shapes of travel-aware availability (docs/decisions/0077): how a therapist travels, where
// their bookings are, and how long a journey between two postcode districts takes. The rules that
// use them are pure (travel-estimate.ts, travel-reach.ts); the server fills them from the
// database and, when configured, a routing engine.

export const TRAVEL_MODES = ['car', 'public_transport', 'bicycle', 'walking'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** A postcode district (outward code) such as "EH6", upper case, no spaces. */
export type District = string;

/** A district's centroid, WGS84 degrees. */
export interface Centroid {
  lat: number;
  lon: number;
}

/** What the rules need to know of how a therapist travels; all optional in the catalogue. */
export interface TherapistTravel {
  /** District of the therapist's home base (never shown to anyone); null when unknown. */
  home: District | null;
  mode: TravelMode;
  /** No journey longer than this is offered; null: no limit of their own. */
  maxTravelMinutes: number | null;
  /** The only districts the therapist works in; null: anywhere they can reach. */
  coveredDistricts: readonly District[] | null;
}

/** A booking (or hold) that blocks time, with where it is; the interval includes the turnaround. */
export interface PlacedBooking extends Interval {
  /** Null for a booking whose place is unknown (made before postcodes were recorded). */
  district: District | null;
}

/**
 * Minutes from one district to another, leaving at `departAt` (epoch ms), by `mode`, already
 * rounded up to the slot grid; null when either district is unknown. Synchronous: the server
 * fetches whatever a search needs before the rules run (one batched call at most).
 */
export type JourneyMinutes = (
  from: District,
  to: District,
  mode: TravelMode,
  departAt: number,
) => number | null;
