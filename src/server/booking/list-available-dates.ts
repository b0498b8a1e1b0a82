import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import { basketTotal } from '../../domain/basket';
import { computeSlots } from '../../domain/slots';
import type { CustomerProfile } from '../../domain/types';
import { ukDayInterval } from '../../domain/uk-time';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { findCity } from '../catalogue/list-cities';
import { notFound } from '../http/problem';
import { bookableDates } from './booking-window';
import { loadCalendars, loadTherapistCandidates } from './load-availability-data';
import { loadSelection } from './load-selection';
import { rulesConfigOf } from './rules-config';

export interface DateSearch {
  city: string;
  treatmentIds: string[];
  customer: CustomerProfile | null;
}

/** UK calendar days in the window with at least one bookable slot for at least one visible therapist. */
export async function listAvailableDates(ctx: AppContext, search: DateSearch): Promise<string[]> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const nowMs = now.getTime();
  if (!(await findCity(ctx.db, search.city))) throw notFound(`Unknown city "${search.city}".`);
  const selection = await loadSelection(ctx.db, search.treatmentIds);

  const bookable = (await loadTherapistCandidates(ctx.db, search.city, selection.baseIds))
    .filter((t) =>
      isTherapistVisible(t, {
        city: search.city,
        customer: search.customer,
        baseTreatmentIds: selection.baseIds,
        now: nowMs,
        config,
      }),
    )
    .map((t) => ({ id: t.id, total: basketTotal(selection.items, t.minimumSpendPence, config) }))
    .filter((t) => t.total.meetsMinimumSpend);

  const keep = availabilityWindow(nowMs, config);
  const calendars = await loadCalendars(
    ctx.db,
    bookable.map((t) => t.id),
    { start: nowMs, end: keep.end },
    now,
  );
  const clipped = new Map(
    bookable.map((t) => [t.id, clipToWindow(calendars.windows.get(t.id) ?? [], keep)]),
  );

  // Per day, stop at the first therapist with a slot: usually one or two checks per day.
  return bookableDates(nowMs, config).filter((date) => {
    const day = ukDayInterval(date, config.timeZone);
    return bookable.some(
      (t) =>
        computeSlots({
          windows: clipped.get(t.id) ?? [],
          bookings: calendars.bookings.get(t.id) ?? [],
          durationMinutes: t.total.totalDurationMinutes,
          range: day,
          now: nowMs,
          config,
        }).length > 0,
    );
  });
}
