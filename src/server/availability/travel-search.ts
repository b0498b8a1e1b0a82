import { postcodeDistrict } from '../../domain/account-forms';
import { firstNameOf } from '../../domain/format';
import type { TravelConfig } from '../../domain/travel-estimate';
import { reachableSlots, servesDistrict, travelNote } from '../../domain/travel-reach';
import type { District, JourneyMinutes, PlacedBooking } from '../../domain/travel-types';
import type { Interval } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { HttpProblem } from '../http/problem';
import { planJourneys, type JourneyNeed } from '../travel/plan-journeys';
import { centroidOf } from '../travel/postcode-districts';
import type { TherapistCandidate } from './load-availability-data';

// Availability for an address (docs/decisions/0077): the rules in domain/travel-reach.ts, fed with
// journeys planned for exactly the places a search touches, fetched once before any rule runs.

/** Where the treatment will be: the postcode as given (normalised) and its district. */
export interface TravelPlace {
  postcode: string;
  district: District;
}

/**
 * The place of a postcode; a district we have no centroid for is a 422 naming `field`, where the
 * postcode came from (a search's query, a hold's saved address); null when the request did not
 * name it (a booking moved keeps its address).
 */
export function placeOf(
  postcode: string | undefined,
  field: string | null = 'query.postcode',
): TravelPlace | null {
  if (postcode === undefined) return null;
  const district = postcodeDistrict(postcode);
  if (district === null || !centroidOf(district)) {
    const detail = `We do not know the postcode district ${district ?? postcode}. Please check the postcode.`;
    throw new HttpProblem(422, detail, {
      code: 'unknown_postcode_district',
      ...(field === null ? {} : { errors: [{ field, message: detail }] }),
    });
  }
  return { postcode, district };
}

/** One therapist's day as the travel rules read it. */
export interface TherapistDay {
  therapist: TherapistCandidate;
  windows: readonly Interval[];
  bookings: readonly PlacedBooking[];
}

/** The travel rules for one place, with every journey the search may ask for already planned. */
export class TravelJudge {
  constructor(
    readonly place: TravelPlace,
    private readonly journey: JourneyMinutes,
    private readonly estimate: TravelConfig,
    private readonly now: number,
  ) {}

  /** False when the therapist does not work in the district, or it is beyond their longest journey. */
  serves(t: TherapistCandidate): boolean {
    return this.servesFor(t, this.place.district);
  }

  /** The same question for another district (to say which areas are covered). */
  servesFor(t: TherapistCandidate, district: District): boolean {
    return servesDistrict(t.travel, district, this.journey, this.now, this.estimate);
  }

  /** The starts of `slots` the therapist can reach the place by (and leave it in time after). */
  reachable(day: TherapistDay, slots: readonly number[], durationMinutes: number): number[] {
    if (slots.length === 0) return [];
    return reachableSlots({
      slots,
      durationMinutes,
      windows: day.windows,
      bookings: day.bookings,
      here: this.place.district,
      travel: day.therapist.travel,
      journey: this.journey,
      config: this.estimate,
    });
  }

  /** Why travel took times away, in words that never say where anyone else is; or null. */
  note(
    day: TherapistDay,
    before: readonly number[],
    after: readonly number[],
    rules: { bufferMinutes: number; timeZone: string },
  ): string | null {
    return travelNote({
      name: firstNameOf(day.therapist.name),
      before,
      after,
      bookings: day.bookings,
      windows: day.windows,
      here: this.place.district,
      travel: day.therapist.travel,
      journey: this.journey,
      bufferMinutes: rules.bufferMinutes,
      timeZone: rules.timeZone,
      config: this.estimate,
    });
  }
}

/**
 * Plans the journeys a search can need for these therapists: from each home base to the place,
 * and between the place and the place of each of their bookings, both ways. One batched call to
 * the routing engine at most (none when the answers are cached or no engine is configured).
 */
export async function travelJudgeFor(
  ctx: AppContext,
  place: TravelPlace,
  days: readonly { therapist: TherapistCandidate; bookings: readonly PlacedBooking[] }[],
  now: number,
  log: WarnLog,
): Promise<TravelJudge> {
  const here = place.district;
  const needs: JourneyNeed[] = [];
  // Without a routing engine every journey is estimated on the spot: nothing to gather.
  const gather = ctx.config.travel.timeUrl !== null;
  for (const { therapist, bookings } of gather ? days : []) {
    const { home, mode } = therapist.travel;
    if (home !== null) needs.push({ from: home, to: here, mode, departAt: now });
    for (const b of bookings) {
      if (b.district === null) continue;
      needs.push({ from: b.district, to: here, mode, departAt: b.end });
      needs.push({ from: here, to: b.district, mode, departAt: b.start });
    }
  }
  const journey = await planJourneys(ctx, needs, log);
  return new TravelJudge(place, journey, ctx.config.travel.estimate, now);
}
