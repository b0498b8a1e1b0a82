import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import { slotRunsOf, type AvailableTherapistsAnswer } from '../../contract/availability';
import { basketTotal } from '../../domain/basket';
import { computeSlots } from '../../domain/slots';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { requestedDay } from './booking-window';
import { findVisibleTherapists } from './find-visible-therapists';
import { rulesConfigOf } from './rules-config';

const byName = new Intl.Collator('en-GB');

export interface TherapistSearch {
  city: string;
  date: string;
  treatmentIds: string[];
  customer: CustomerProfile | null;
}

/**
 * The therapists a customer can book for a day: visible ones with free slots, plus visible ones
 * below their minimum spend (no slots, with the shortfall so the page can say "add £7.00").
 * A fixed number of queries, whatever the number of therapists.
 */
export async function listAvailableTherapists(
  ctx: AppContext,
  search: TherapistSearch,
): Promise<AvailableTherapistsAnswer> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const nowMs = now.getTime();
  const {
    selection,
    priced,
    range: day,
    calendars,
  } = await findVisibleTherapists(ctx, search, config, now, () =>
    requestedDay(search.date, nowMs, config),
  );
  const keep = availabilityWindow(nowMs, config);

  const result: AvailableTherapistsAnswer['therapists'] = [];
  for (const { therapist: t, total } of priced) {
    const slots = total.meetsMinimumSpend
      ? computeSlots({
          windows: clipToWindow(calendars.windows.get(t.id) ?? [], keep),
          bookings: calendars.bookings.get(t.id) ?? [],
          durationMinutes: total.totalDurationMinutes,
          range: day,
          now: nowMs,
          config,
        })
      : [];
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
  };
}
