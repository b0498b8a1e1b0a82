import { DESCRIPTION_MAX_WORDS } from './constants';
import { localMinuteOfDay, ukDateOf } from './uk-time';

/**
 * Integer pence as pounds with two decimals: 2300 -> "£23.00". Written by hand rather than with
 * Intl currency formatting so the output cannot change with the ICU version.
 */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be an integer: ${pence}`);
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${pence < 0 ? '-' : ''}£${pounds}.${rest}`;
}

/**
 * Descriptions truncate at 10 words with an ellipsis (docs/product.md#dates-times-and-prices);
 * whitespace is collapsed either way.
 */
export function truncateWords(text: string, maxWords: number = DESCRIPTION_MAX_WORDS): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const limit = Math.max(0, Math.floor(maxWords));
  if (words.length <= limit) return words.join(' ');
  return `${words.slice(0, limit).join(' ')}…`;
}

// Built on first use, not when the module loads: the first Intl formatter a page makes loads the
// locale data (tens of milliseconds on a phone), and most pages that import this never show a date.
let enGbUtcDate: Intl.DateTimeFormat | undefined;
let longDateParts: Intl.DateTimeFormat | undefined;

/** Calendar days in en-GB, in UTC, e.g. "21/11/2026" (docs/product.md#dates-times-and-prices). */
export function formatDateEnGb(instantMs: number): string {
  enGbUtcDate ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });
  return enGbUtcDate.format(instantMs);
}

/**
 * The one way a day is written on every page: "Thursday 26 November 2026", for a calendar day
 * given as YYYY-MM-DD. Put together from parts because ICU versions disagree about a comma
 * after the weekday ("Thursday, 26 November"), and every page must read the same.
 */
export function formatLongDate(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  // Not a day (a hand-edited stored selection): shown as it is rather than breaking the page.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) return date;
  longDateParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const parts = longDateParts.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** The calendar day an instant falls on in the zone, written as formatLongDate writes it. */
export function formatLongDateOfInstant(instantMs: number, timeZone: string): string {
  return formatLongDate(ukDateOf(instantMs, timeZone));
}

/** 24-hour wall-clock time in the zone, e.g. "09:30"; seconds are dropped, never rounded up. */
export function formatUkTime(instantMs: number, timeZone: string): string {
  const minutes = localMinuteOfDay(instantMs, timeZone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}

/**
 * A wait in words, rounded up so it is never shorter than the real one: 47 -> "47 seconds",
 * 2810 -> "47 minutes", 3600 -> "1 hour", 5400 -> "1 hour and 30 minutes".
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? plural(hours, 'hour')
    : `${plural(hours, 'hour')} and ${plural(rest, 'minute')}`;
}

/**
 * The first word of a name: how emails greet people and how much of a customer a therapist or a
 * referred friend is told. The whole name when it has no words (never an empty greeting).
 */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
