import { OUTSIDE_CITY, refusePostcodeOutsideCity } from './city-areas';
import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import { slotRunsOf, type AvailableTherapistsAnswer } from '../../contract/availability';
import { basketTotal } from '../../domain/basket';
import { computeSlots } from '../../domain/slots';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { requestedDay } from './booking-window';
import { findVisibleTherapists } from './find-visible-therapists';
import { rulesConfigOf } from './rules-config';
import { placeOf, travelJudgeFor } from './travel-search';
import { refuseUncovered } from './uncovered-postcode';

const byName = new Intl.Collator('en-GB');

export interface TherapistSearch {
  city: string;
  date: string;
  treatmentIds: string[];
  customer: CustomerProfile | null;
  /** Where the treatment will be: only times the therapists can reach it by. */
  postcode?: string;
}

/**
 * The therapists a customer can book for a day: visible ones with free slots, plus visible ones
 * below their minimum spend (no slots, with the shortfall so the page can say "add £7.00").
 * A fixed number of queries, whatever the number of therapists.
 */
export async function listAvailableTherapists(
  ctx: AppContext,
  search: TherapistSearch,
  log: WarnLog,
): Promise<AvailableTherapistsAnswer> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const nowMs = now.getTime();
  const {
    city,
    selection,
    priced,
    range: day,
    calendars,
  } = await findVisibleTherapists(ctx, search, config, now, () =>
    requestedDay(search.date, nowMs, config),
  );
  const keep = availabilityWindow(nowMs, config);
  const place = placeOf(search.postcode);
  if (place) await refusePostcodeOutsideCity(ctx.db, city, place.postcode, OUTSIDE_CITY);
  const days = priced.map(({ therapist: t }) => ({
    therapist: t,
    windows: clipToWindow(calendars.windows.get(t.id) ?? [], keep),
    bookings: calendars.bookings.get(t.id) ?? [],
  }));
  const judge = place && (await travelJudgeFor(ctx, place, days, nowMs, log));
  if (judge)
    refuseUncovered(
      judge,
      priced.map((p) => p.therapist),
    );

  const result: AvailableTherapistsAnswer['therapists'] = [];
  let outOfReachCount = 0;
  for (const [i, { therapist: t, total }] of priced.entries()) {
    const therapistDay = days[i] ?? { therapist: t, windows: [], bookings: [] };
    const free = total.meetsMinimumSpend
      ? computeSlots({
          windows: therapistDay.windows,
          bookings: therapistDay.bookings,
          durationMinutes: total.totalDurationMinutes,
          range: day,
          now: nowMs,
          config,
        })
      : [];
    let slots = free;
    let travelNote: string | null = null;
    if (judge) {
      const serves = judge.serves(t);
      if (serves && free.length > 0) {
        slots = judge.reachable(therapistDay, free, total.totalDurationMinutes);
        // Explained when another customer is the reason: the journey from home alone takes
        // the morning's first times from most therapists, and saying so everywhere helps no one.
        if (slots.length < free.length && therapistDay.bookings.length > 0)
          travelNote = judge.note(therapistDay, free, slots, config);
      }
      // Free that day but unable to reach the address: counted, never named.
      if (free.length > 0 && (!serves || slots.length === 0)) outOfReachCount += 1;
      if (!serves) continue;
    }
    // Someone who could take the booking but is fully booked that day is not offered at all.
    if (total.meetsMinimumSpend && slots.length === 0) continue;
    result.push({
      id: t.id,
      username: t.username,
      name: t.name,
      photoUrl: t.photoUrl,
      meetsMinimumSpend: total.meetsMinimumSpend,
      minimumSpendPence: total.minimumSpendPence,
      shortfallPence: total.shortfallPence,
      travelNote,
      slotRuns: slotRunsOf(
        slots.map((s) => (s - day.start) / 60_000),
        config.gridMinutes,
      ),
    });
  }
  // Bookable first, earliest free time first; then those below minimum spend.
  const firstSlot = (t: { slotRuns: [number, number][] }) => t.slotRuns[0]?.[0] ?? Infinity;
  result.sort(
    (a, b) =>
      Number(b.meetsMinimumSpend) - Number(a.meetsMinimumSpend) ||
      firstSlot(a) - firstSlot(b) ||
      byName.compare(a.name, b.name),
  );
  // Price and duration do not depend on the therapist, only whether they reach the minimum.
  const { totalPricePence, totalDurationMinutes } = basketTotal(selection.items, null, config);
  return {
    date: search.date,
    dayStartsAt: new Date(day.start).toISOString(),
    slotGridMinutes: config.gridMinutes,
    totalPricePence,
    totalDurationMinutes,
    therapists: result,
    place,
    outOfReachCount,
  };
}
