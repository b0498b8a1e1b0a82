// The waitlist's rules (docs/decisions/0089, docs/product.md#waitlist): what a customer may ask
// to wait for, which free times suit an entry, and how long a time is held for the one asked.
// Pure: today's date and the settings are arguments.

/** At most this many entries waiting per customer: more is a list nobody reads. */
export const WAITLIST_MAX_ACTIVE_ENTRIES = 5;
/** A range of at most four weeks, both days included: wider is not really waiting for a time. */
export const WAITLIST_MAX_RANGE_DAYS = 28;
/** The first day may be at most this far ahead (the bookable window is 36 days). */
export const WAITLIST_MAX_DAYS_AHEAD = 60;
/** How long an offered time is held for the customer asked, unless configured. */
export const WAITLIST_DEFAULT_OFFER_MINUTES = 15;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570; null when it is not a 24-hour HH:MM time. */
export function minuteOfDay(text: string): number | null {
  const m = TIME_OF_DAY.exec(text);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** 570 → "09:30". */
export function timeOfDay(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** Days from `from` to `to` (calendar dates, YYYY-MM-DD); 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export interface WaitlistWishes {
  from: string;
  to: string;
  earliest?: string | undefined;
  latest?: string | undefined;
}

export interface WaitlistProblem {
  field: 'from' | 'to' | 'earliest' | 'latest';
  message: string;
}

/** What is wrong with the dates and times asked for; empty when they can be waited for. */
export function waitlistWishProblems(w: WaitlistWishes, today: string): WaitlistProblem[] {
  const problems: WaitlistProblem[] = [];
  if (w.from < today) problems.push({ field: 'from', message: 'Choose a day from today on.' });
  else if (daysBetween(today, w.from) > WAITLIST_MAX_DAYS_AHEAD)
    problems.push({
      field: 'from',
      message: `Choose a first day within ${WAITLIST_MAX_DAYS_AHEAD} days.`,
    });
  if (w.to < w.from)
    problems.push({ field: 'to', message: 'The last day cannot be before the first.' });
  else if (daysBetween(w.from, w.to) + 1 > WAITLIST_MAX_RANGE_DAYS)
    problems.push({
      field: 'to',
      message: `Wait for at most ${WAITLIST_MAX_RANGE_DAYS} days at a time.`,
    });
  const earliest = w.earliest === undefined ? null : minuteOfDay(w.earliest);
  const latest = w.latest === undefined ? null : minuteOfDay(w.latest);
  if (w.earliest !== undefined && earliest === null)
    problems.push({ field: 'earliest', message: 'Enter a time as HH:MM.' });
  if (w.latest !== undefined && latest === null)
    problems.push({ field: 'latest', message: 'Enter a time as HH:MM.' });
  if (earliest !== null && latest !== null && earliest >= latest)
    problems.push({ field: 'latest', message: 'The latest start must be after the earliest.' });
  return problems;
}

export interface TimeOfDayRange {
  earliestMinute: number | null;
  latestMinute: number | null;
}

/** Whether a time starting at this UK minute of the day suits the entry: its start in the range. */
export function startSuits(startMinute: number, range: TimeOfDayRange): boolean {
  if (range.earliestMinute !== null && startMinute < range.earliestMinute) return false;
  if (range.latestMinute !== null && startMinute > range.latestMinute) return false;
  return true;
}

/** The entry's days still worth looking at: from today (or its first day) to its last. */
export function daysStillAhead(
  from: string,
  to: string,
  today: string,
): { from: string; to: string } | null {
  const first = from < today ? today : from;
  return first <= to ? { from: first, to } : null;
}

/** An entry is over once its last day has passed (UK date). */
export function entryIsOver(to: string, today: string): boolean {
  return to < today;
}
