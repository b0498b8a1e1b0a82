import { DESCRIPTION_MAX_WORDS } from './constants';
import { localMinuteOfDay } from './uk-time';

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

/** Spec 9: descriptions truncate at 10 words with an ellipsis; whitespace is collapsed either way. */
export function truncateWords(text: string, maxWords: number = DESCRIPTION_MAX_WORDS): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const limit = Math.max(0, Math.floor(maxWords));
  if (words.length <= limit) return words.join(' ');
  return `${words.slice(0, limit).join(' ')}…`;
}

const enGbUtcDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });

/** Spec: calendar days are formatted en-GB in UTC, e.g. "21/11/2026". */
export function formatDateEnGb(instantMs: number): string {
  return enGbUtcDate.format(instantMs);
}

/** 24-hour wall-clock time in the zone, e.g. "09:30"; seconds are dropped, never rounded up. */
export function formatUkTime(instantMs: number, timeZone: string): string {
  const minutes = localMinuteOfDay(instantMs, timeZone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}
