import { UK_TIME_ZONE } from '../../domain/constants';
import { localMinuteOfDay, ukDateOf } from '../../domain/uk-time';
import { daysStillAhead, startSuits } from '../../domain/waitlist';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { listAvailableDates } from '../availability/list-available-dates';
import { listAvailableTherapists } from '../availability/list-available-therapists';
import type { WaitingEntry } from './waitlist-rows';

// The free times that suit a waiting entry, from the same code the booking pages use (so an
// offered time is one the customer could have booked), called from the background matcher only:
// the hot availability path is not touched. The day search answers in one statement which days
// have anything; only those of the entry's range are opened, earliest first, and the first day
// with a suitable time is the answer.

/**
 * What one pass has learnt already: the days with any free time, per search. Entries waiting for
 * the same thing share one day search; a day a hold has since filled is opened and found empty,
 * and a day freed meanwhile waits for the next pass, seconds later.
 */
export interface WaitlistPassMemo {
  dates: Map<string, Promise<string[]>>;
}

export interface CandidateTime {
  therapistId: string;
  startsAt: Date;
}

export async function findWaitlistTimes(
  ctx: AppContext,
  entry: WaitingEntry,
  customer: CustomerProfile,
  offeredBefore: readonly CandidateTime[],
  pass: WaitlistPassMemo,
  log: WarnLog,
): Promise<CandidateTime[]> {
  const today = ukDateOf(ctx.now().getTime(), UK_TIME_ZONE);
  const days = daysStillAhead(entry.fromDate, entry.toDate, today);
  if (!days) return [];
  const base = {
    city: entry.citySlug,
    treatmentIds: entry.treatmentIds,
    customer,
    postcode: entry.postcode,
  };
  const search = { ...base, ...(entry.therapistId ? { therapistId: entry.therapistId } : {}) };
  const key = JSON.stringify([search, customer.gender, customer.accountType]);
  let found = pass.dates.get(key);
  if (!found) {
    found = listAvailableDates(ctx, search, log).then((answer) => answer.dates);
    pass.dates.set(key, found);
  }
  const dates = await found;
  for (const date of dates) {
    if (date < days.from || date > days.to) continue;
    const answer = await listAvailableTherapists(ctx, { ...base, date }, log);
    const dayStart = Date.parse(answer.dayStartsAt);
    const times: CandidateTime[] = [];
    for (const t of answer.therapists) {
      if (!t.meetsMinimumSpend) continue;
      if (entry.therapistId && t.id !== entry.therapistId) continue;
      for (const [first, last] of t.slotRuns) {
        for (let m = first; m <= last; m += answer.slotGridMinutes) {
          const startsAt = new Date(dayStart + m * 60_000);
          if (!startSuits(localMinuteOfDay(startsAt.getTime(), UK_TIME_ZONE), entry)) continue;
          if (declined(offeredBefore, t.id, startsAt, answer.totalDurationMinutes)) continue;
          times.push({ therapistId: t.id, startsAt });
        }
      }
    }
    if (times.length > 0) {
      // Earliest first; the therapists' own order (soonest free first) breaks ties.
      return times.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    }
  }
  return [];
}

/**
 * An offer left to lapse declines its time and the times overlapping it with that therapist:
 * otherwise the first in line, silent, would be asked again a quarter of an hour later for the
 * same gap, ahead of the next person waiting for it.
 */
function declined(
  offered: readonly CandidateTime[],
  therapistId: string,
  startsAt: Date,
  durationMinutes: number,
): boolean {
  return offered.some(
    (o) =>
      o.therapistId === therapistId &&
      Math.abs(o.startsAt.getTime() - startsAt.getTime()) < durationMinutes * 60_000,
  );
}
