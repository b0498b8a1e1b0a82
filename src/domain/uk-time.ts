import { DAY_MS, MINUTE_MS } from './constants';
import type { Interval } from './types';

// Offsets come from Intl (the platform's tz database) but Intl is slow (microseconds per call) and
// slot computation asks for offsets millions of times per request. So each UTC day is resolved once
// per zone: its offset at the start, at the end, and the instant it changes (zones change at most
// once a day).
interface DayOffsets {
  before: number;
  after: number;
  /** First instant with the `after` offset; Infinity when the day has no change. */
  changeAt: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const dayCaches = new Map<string, Map<number, DayOffsets>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function intlOffsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  const fields = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(wholeSecond)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second) - wholeSecond;
}

function dayOffsets(day: number, timeZone: string): DayOffsets {
  let cache = dayCaches.get(timeZone);
  if (cache === undefined) {
    cache = new Map();
    dayCaches.set(timeZone, cache);
  }
  let info = cache.get(day);
  if (info === undefined) {
    const start = day * DAY_MS;
    const last = start + DAY_MS - 1000;
    const before = intlOffsetMs(start, timeZone);
    const after = intlOffsetMs(last, timeZone);
    let changeAt = Infinity;
    if (before !== after) {
      // Binary search on whole seconds: tz changes never happen mid-second.
      let lo = start; // offset === before
      let hi = last; // offset === after
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (intlOffsetMs(mid, timeZone) === before) lo = mid;
        else hi = mid;
      }
      changeAt = hi;
    }
    info = { before, after, changeAt };
    cache.set(day, info);
  }
  return info;
}

/** UTC offset (local minus UTC, in ms) in force at an instant. */
export function tzOffsetMs(instantMs: number, timeZone: string): number {
  const info = dayOffsets(Math.floor(instantMs / DAY_MS), timeZone);
  return instantMs < info.changeAt ? info.before : info.after;
}

/** The stretch of time around an instant during which the offset stays the same. */
export function offsetSegment(
  instantMs: number,
  timeZone: string,
): { offsetMs: number; start: number; end: number } {
  const day = Math.floor(instantMs / DAY_MS);
  const info = dayOffsets(day, timeZone);
  const dayStart = day * DAY_MS;
  if (instantMs < info.changeAt) {
    return {
      offsetMs: info.before,
      start: dayStart,
      end: Math.min(info.changeAt, dayStart + DAY_MS),
    };
  }
  return { offsetMs: info.after, start: info.changeAt, end: dayStart + DAY_MS };
}

/**
 * The instant a local wall-clock time (given as ms since the epoch "as if UTC") happens. Times
 * repeated when clocks go back resolve to the first occurrence; times skipped when clocks go forward
 * move forward by the gap, so a day that "starts" inside a gap starts at the change.
 */
export function localToInstant(wallMs: number, timeZone: string): number {
  const before = tzOffsetMs(wallMs - DAY_MS, timeZone);
  const early = wallMs - before;
  if (tzOffsetMs(early, timeZone) === before) return early;
  const after = tzOffsetMs(wallMs + DAY_MS, timeZone);
  const late = wallMs - after;
  if (tzOffsetMs(late, timeZone) === after) return late;
  return early;
}

// Proleptic Gregorian day numbers (days since 1970-01-01), without going through Date objects.
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(s: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(s);
  if (match === null) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= (monthDays[m - 1] ?? 0) ? { y, m, d } : null;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(s: string): boolean {
  return parseIsoDate(s) !== null;
}

/** The local calendar date (YYYY-MM-DD) in `timeZone` at an instant. */
export function ukDateOf(instantMs: number, timeZone: string): string {
  return civilFromDays(Math.floor((instantMs + tzOffsetMs(instantMs, timeZone)) / DAY_MS));
}

/** Local midnight to the next local midnight: 23 hours when clocks go forward, 25 when they go back. */
export function ukDayInterval(date: string, timeZone: string): Interval {
  const parsed = parseIsoDate(date);
  if (parsed === null) throw new RangeError(`Not a calendar date: ${date}`);
  const day = daysFromCivil(parsed.y, parsed.m, parsed.d);
  return {
    start: localToInstant(day * DAY_MS, timeZone),
    end: localToInstant((day + 1) * DAY_MS, timeZone),
  };
}

/** Every local date that [start, end) touches, in order; none for an empty interval. */
export function ukDatesBetween(interval: Interval, timeZone: string): string[] {
  if (!(interval.start < interval.end)) return [];
  const first = Math.floor((interval.start + tzOffsetMs(interval.start, timeZone)) / DAY_MS);
  const lastInstant = interval.end - 1;
  const last = Math.floor((lastInstant + tzOffsetMs(lastInstant, timeZone)) / DAY_MS);
  const dates: string[] = [];
  for (let day = first; day <= last; day++) dates.push(civilFromDays(day));
  return dates;
}

/** Local minutes since local midnight, used to place slots on a wall-clock grid. */
export function localMinuteOfDay(instantMs: number, timeZone: string): number {
  const local = instantMs + tzOffsetMs(instantMs, timeZone);
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}
