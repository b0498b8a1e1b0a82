// The ARIA grid pattern's keys for a calendar of days (YYYY-MM-DD), as the WAI-ARIA date picker
// uses them: arrows move a day or a week, Home and End go to the start and end of the week, Page
// Up and Page Down a month. Never past the first or last day shown.

const DAY_MS = 24 * 60 * 60 * 1000;

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function addMonths(date: string, months: number): string {
  const d = new Date(toMs(date));
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return toDate(d.getTime());
}

/** The day a key moves to from `date` within `days`, or null for a key the calendar ignores. */
export function calendarKeyTarget(
  date: string,
  key: string,
  days: readonly string[],
): string | null {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return null;
  const ms = toMs(date);
  // getUTCDay: Sunday 0; weeks here start on Monday.
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  let target: string;
  switch (key) {
    case 'ArrowLeft':
      target = toDate(ms - DAY_MS);
      break;
    case 'ArrowRight':
      target = toDate(ms + DAY_MS);
      break;
    case 'ArrowUp':
      target = toDate(ms - 7 * DAY_MS);
      break;
    case 'ArrowDown':
      target = toDate(ms + 7 * DAY_MS);
      break;
    case 'Home':
      target = toDate(ms - weekday * DAY_MS);
      break;
    case 'End':
      target = toDate(ms + (6 - weekday) * DAY_MS);
      break;
    case 'PageUp':
      target = addMonths(date, -1);
      break;
    case 'PageDown':
      target = addMonths(date, 1);
      break;
    default:
      return null;
  }
  if (target < first) return first;
  if (target > last) return last;
  return target;
}

/**
 * The same for a list with one tab stop (the treatments): Down and Right to the next item, Up and
 * Left to the one before, Home and End to the ends. Null for any other key, or an unknown item.
 */
export function listKeyTarget(
  current: string,
  key: string,
  items: readonly string[],
): string | null {
  const at = items.indexOf(current);
  if (at < 0) return null;
  const last = items.length - 1;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return items[Math.min(at + 1, last)] ?? null;
    case 'ArrowUp':
    case 'ArrowLeft':
      return items[Math.max(at - 1, 0)] ?? null;
    case 'Home':
      return items[0] ?? null;
    case 'End':
      return items[last] ?? null;
    default:
      return null;
  }
}
