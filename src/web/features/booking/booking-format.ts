import { availabilityWindow } from '../../../domain/availability-window';
import { DEFAULT_RULES_CONFIG, UK_TIME_ZONE } from '../../../domain/constants';
import {
  formatLongDate,
  formatLongDateOfInstant as formatDayOfInstant,
  formatUkTime,
} from '../../../domain/format';
import { ukDatesBetween } from '../../../domain/uk-time';

// Dates and times as the booking screens show them. Calendar days are en-GB in UTC
// (docs/product.md#dates-times-and-prices); times of day are UK wall-clock, as the server computes
// the slots.

/**
 * Today and the next 36 days (docs/product.md#availability-window), as UK dates: the same days the
 * server offers.
 */
export function bookingDays(nowMs: number): string[] {
  const window = availabilityWindow(nowMs, DEFAULT_RULES_CONFIG);
  return ukDatesBetween({ start: nowMs, end: window.end }, UK_TIME_ZONE);
}

const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

// Made on first use: the first Intl formatter loads locale data, which the profile page does not need.
let monthYear: Intl.DateTimeFormat | undefined;

// Days are written by the one domain function every page uses.
export { formatLongDate };

/** The UK calendar day of an instant, long form: for appointment times. */
export function formatLongDateOfInstant(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : formatDayOfInstant(ms, UK_TIME_ZONE);
}

/** "10:30", UK wall-clock. */
export function formatTime(iso: string): string {
  return formatUkTime(Date.parse(iso), UK_TIME_ZONE);
}

/** "45 min", "1 hr", "1 hr 15 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/**
 * Time left on a hold in words, "9 min 58 s left", never negative. Not "9:58": beside a booking
 * that reads as a time of day.
 */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (total === 0) return 'no time left';
  if (minutes === 0) return `${seconds} s left`;
  return seconds === 0 ? `${minutes} min left` : `${minutes} min ${seconds} s left`;
}

export interface CalendarMonth {
  /** "November 2026". */
  label: string;
  /** Monday-first weeks; null pads the days before the first and after the last date. */
  weeks: (string | null)[][];
}

/** Lays consecutive dates out as month grids, Monday first, as a printed calendar would. */
export function calendarMonths(dates: readonly string[]): CalendarMonth[] {
  const byMonth = new Map<string, string[]>();
  for (const date of dates) {
    const key = date.slice(0, 7);
    const list = byMonth.get(key) ?? [];
    list.push(date);
    byMonth.set(key, list);
  }
  return [...byMonth].map(([key, monthDates]) => {
    // getUTCDay: Sunday 0; Monday-first grids need Monday 0.
    const lead = (new Date(dateMs(monthDates[0] ?? `${key}-01`)).getUTCDay() + 6) % 7;
    const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...monthDates];
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: (string | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    monthYear ??= new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      month: 'long',
      year: 'numeric',
    });
    return { label: monthYear.format(dateMs(`${key}-01`)), weeks };
  });
}

export const WEEKDAY_HEADINGS = [
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
  { short: 'Sun', long: 'Sunday' },
] as const;

/** "1 Princes Street, Flat 2, Edinburgh, EH2 2AA": an address on one line, empty parts left out. */
export function addressLine(a: {
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
}): string {
  return [a.line1, a.line2, a.town, a.postcode].filter(Boolean).join(', ');
}

/** "Anna" from "Anna Smith": the reschedule dialog names the therapist by first name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
