import { availabilityWindow, clipToWindow } from '../../domain/availability-window';
import { computeSlots } from '../../domain/slots';
import type { CustomerProfile } from '../../domain/types';
import { ukDayInterval } from '../../domain/uk-time';
import type { AppContext } from '../app-context';
import { bookableDates } from './booking-window';
import { findVisibleTherapists } from './find-visible-therapists';
import { rulesConfigOf } from './rules-config';

export interface DateSearch {
  city: string;
  treatmentIds: string[];
  customer: CustomerProfile | null;
  /** Only this therapist's days (moving a booking keeps its therapist). */
  therapistId?: string;
}

/**
 * UK calendar days in the window with at least one bookable slot for at least one visible
 * therapist (or for the one therapist asked for).
 */
export async function listAvailableDates(ctx: AppContext, search: DateSearch): Promise<string[]> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const nowMs = now.getTime();
  const keep = availabilityWindow(nowMs, config);
  const { priced, calendars } = await findVisibleTherapists(ctx, search, config, now, () => ({
    start: nowMs,
    end: keep.end,
  }));
  // Only the therapist asked for, if any: findVisibleTherapists reads no one else.
  const bookable = priced
    .filter((p) => p.total.meetsMinimumSpend)
    .map((p) => ({ id: p.therapist.id, total: p.total }));
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
