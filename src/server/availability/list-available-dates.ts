import { OUTSIDE_CITY, refusePostcodeOutsideCity } from './city-areas';
import type { NoDatesAnswer } from '../../contract/availability';
import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import { basketTotal } from '../../domain/basket';
import type { RulesConfig } from '../../domain/constants';
import { noDatesReason } from '../../domain/no-dates-reason';
import { computeSlots } from '../../domain/slots';
import type { CustomerProfile } from '../../domain/types';
import { ukDayInterval } from '../../domain/uk-time';
import { therapistVisibilityProblems } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { bookableDates } from './booking-window';
import { findVisibleTherapists } from './find-visible-therapists';
import type { SearchCandidate } from './load-availability-data';
import { loadOfferedTreatments } from './load-offered-treatments';
import type { Selection } from './load-selection';
import { rulesConfigOf } from './rules-config';
import { placeOf, travelJudgeFor, type TravelJudge, type TravelPlace } from './travel-search';
import { refuseUncovered } from './uncovered-postcode';

export interface DateSearch {
  city: string;
  treatmentIds: string[];
  customer: CustomerProfile | null;
  /** Only this therapist's days (moving a booking keeps its therapist). */
  therapistId?: string;
  /** Where the treatment will be: only days someone can reach it on (normalised UK postcode). */
  postcode?: string;
}

interface EmptySearch {
  search: DateSearch;
  config: RulesConfig;
  now: number;
  selection: Selection;
  candidates: readonly SearchCandidate[];
  judge: TravelJudge | null;
}

/**
 * Why a search found no day (docs/decisions/0080): worked out only then, from what the search
 * already read; the treatments to offer instead cost one more read, only when they are the answer.
 */
async function whyNoDates(ctx: AppContext, empty: EmptySearch): Promise<NoDatesAnswer> {
  const { search, config, now, selection, judge } = empty;
  const why = noDatesReason(
    empty.candidates.map((t) => ({
      problems: therapistVisibilityProblems(t, {
        city: search.city,
        customer: search.customer,
        baseTreatmentIds: selection.baseIds,
        now,
        config,
      }),
      total: basketTotal(selection.items, t.minimumSpendPence, config),
      reachesPlace: !judge || judge.serves(t),
    })),
  );
  if (why.reason !== 'no_therapist_offers' && why.reason !== 'no_business_therapist') return why;
  const offeredTreatmentIds = await loadOfferedTreatments(ctx.db, search, config, now);
  return { ...why, offeredTreatmentIds };
}

/**
 * UK calendar days in the window with at least one bookable slot for at least one visible
 * therapist (or for the one therapist asked for), and when there is none, why.
 */
export async function listAvailableDates(
  ctx: AppContext,
  search: DateSearch,
  log: WarnLog,
): Promise<{ dates: string[]; place: TravelPlace | null; whyNoDates: NoDatesAnswer | null }> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const nowMs = now.getTime();
  const keep = availabilityWindow(nowMs, config);
  const { city, selection, candidates, priced, calendars } = await findVisibleTherapists(
    ctx,
    search,
    config,
    now,
    () => ({
      start: nowMs,
      end: keep.end,
    }),
  );
  // Only the therapist asked for, if any: findVisibleTherapists reads no one else.
  const place = placeOf(search.postcode);
  if (place) await refusePostcodeOutsideCity(ctx.db, city, place.postcode, OUTSIDE_CITY);
  let bookable = priced
    .filter((p) => p.total.meetsMinimumSpend)
    .map((p) => ({
      id: p.therapist.id,
      therapist: p.therapist,
      total: p.total,
      bookings: calendars.bookings.get(p.therapist.id) ?? [],
    }));
  const judge = place && (await travelJudgeFor(ctx, place, bookable, nowMs, log));
  if (judge) {
    refuseUncovered(
      judge,
      priced.map((p) => p.therapist),
    );
    bookable = bookable.filter((t) => judge.serves(t.therapist));
  }
  const clipped = new Map(
    bookable.map((t) => [t.id, clipToWindow(calendars.windows.get(t.id) ?? [], keep)]),
  );

  // Per day, stop at the first therapist with a slot: usually one or two checks per day.
  const dates = bookableDates(nowMs, config).filter((date) => {
    const day = ukDayInterval(date, config.timeZone);
    return bookable.some((t) => {
      const windows = clipped.get(t.id) ?? [];
      const durationMinutes = t.total.totalDurationMinutes;
      const slots = computeSlots({
        windows,
        bookings: t.bookings,
        durationMinutes,
        range: day,
        now: nowMs,
        config,
      });
      if (!judge || slots.length === 0) return slots.length > 0;
      const reachable = judge.reachable({ ...t, windows }, slots, durationMinutes);
      return reachable.length > 0;
    });
  });
  if (dates.length > 0) return { dates, place, whyNoDates: null };
  const empty = { search, config, now: nowMs, selection, candidates, judge: judge || null };
  return { dates, place, whyNoDates: await whyNoDates(ctx, empty) };
}
