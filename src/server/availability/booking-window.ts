import { availabilityWindow } from '../../domain/availability-window';
import type { RulesConfig } from '../../domain/constants';
import type { Interval } from '../../domain/types';
import { isIsoDate, ukDateOf, ukDatesBetween, ukDayInterval } from '../../domain/uk-time';
import { badRequest } from '../http/problem';

/** The UK dates a customer may pick: today to the last day of the 36-day window. */
export function bookableDates(now: number, config: RulesConfig): string[] {
  const window = availabilityWindow(now, config);
  return ukDatesBetween({ start: now, end: window.end }, config.timeZone);
}

/** Checks a requested date and answers the UK day it covers, or a 400 naming the problem. */
export function requestedDay(date: string, now: number, config: RulesConfig): Interval {
  if (!isIsoDate(date)) {
    throw badRequest(`"${date}" is not a date: use YYYY-MM-DD.`, [
      { field: 'query.date', message: 'must be a real date in the form YYYY-MM-DD' },
    ]);
  }
  const dates = bookableDates(now, config);
  if (!dates.includes(date)) {
    const first = dates[0] ?? ukDateOf(now, config.timeZone);
    const last = dates[dates.length - 1] ?? first;
    throw badRequest(`${date} is outside the booking window (${first} to ${last}).`, [
      { field: 'query.date', message: `must be between ${first} and ${last}` },
    ]);
  }
  return ukDayInterval(date, config.timeZone);
}
