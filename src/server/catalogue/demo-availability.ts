import { TZDate } from '@date-fns/tz';

// The demo therapists' working hours. Availability is not part of the demo catalogue document
// (demo-catalogue.json): it is generated for the days around "today", so a demo database is never
// out of slots. Everything here is deterministic: the only inputs are the therapist's id and dates.

const LONDON = 'Europe/London';

/** How many UK days of availability the demo catalogue carries (today plus 36 days ahead). */
export const DEMO_AVAILABILITY_DAYS = 37;

type HourMinute = readonly [hour: number, minute: number];

interface WorkPattern {
  /** Working weekdays, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** Local (Europe/London) wall-clock windows worked on each working day. */
  windows: readonly (readonly [start: HourMinute, end: HourMinute])[];
}

const WORK_PATTERNS: readonly WorkPattern[] = [
  // Office hours, Monday to Friday.
  {
    days: [1, 2, 3, 4, 5],
    windows: [
      [
        [9, 0],
        [17, 0],
      ],
    ],
  },
  // Salon hours, Tuesday to Saturday.
  {
    days: [2, 3, 4, 5, 6],
    windows: [
      [
        [10, 0],
        [19, 0],
      ],
    ],
  },
  // Later starts for after-work appointments.
  {
    days: [1, 3, 4, 5, 6],
    windows: [
      [
        [12, 0],
        [20, 0],
      ],
    ],
  },
  // Split day around the school run.
  {
    days: [1, 2, 3, 4, 6],
    windows: [
      [
        [8, 30],
        [12, 30],
      ],
      [
        [16, 0],
        [20, 0],
      ],
    ],
  },
  // Long days, Thursday to Monday.
  {
    days: [0, 1, 4, 5, 6],
    windows: [
      [
        [9, 0],
        [18, 0],
      ],
    ],
  },
];

/** FNV-1a: a small, stable string hash (same result on every platform). */
function hashId(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function patternFor(therapistId: string): { pattern: WorkPattern; days: Set<number> } {
  const hash = hashId(`availability:${therapistId}`);
  const pattern = WORK_PATTERNS[hash % WORK_PATTERNS.length] ?? WORK_PATTERNS[0];
  if (!pattern) throw new Error('no work patterns defined');
  const days = new Set(pattern.days);
  // Roughly one in three therapists takes an extra day off in their usual working week.
  if ((hash >>> 8) % 3 === 0) {
    const working = [...pattern.days];
    const dayOff = working[(hash >>> 12) % working.length];
    if (dayOff !== undefined) days.delete(dayOff);
  }
  return { pattern, days };
}

function londonInstant(year: number, month: number, day: number, [hour, minute]: HourMinute) {
  return new Date(new TZDate(year, month, day, hour, minute, LONDON).getTime()).toISOString();
}

/**
 * A therapist's working windows for each UK calendar day from the UK date of `from`
 * (inclusive) for `days` days. Windows are Europe/London wall-clock times, returned as
 * UTC ISO instants, so they stay at the same local time across the clocks changing.
 */
export function demoAvailability(
  therapistId: string,
  from: Date,
  days: number,
): { start: string; end: string }[] {
  const { pattern, days: workingDays } = patternFor(therapistId);
  const local = new TZDate(from.getTime(), LONDON);
  const year = local.getFullYear();
  const month = local.getMonth();
  const date = local.getDate();

  const windows: { start: string; end: string }[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    // Calendar arithmetic on a UTC date (no zone involved) gives the UK date and weekday.
    const calendar = new Date(Date.UTC(year, month, date + offset));
    if (!workingDays.has(calendar.getUTCDay())) continue;
    const y = calendar.getUTCFullYear();
    const m = calendar.getUTCMonth();
    const d = calendar.getUTCDate();
    for (const [start, end] of pattern.windows) {
      windows.push({ start: londonInstant(y, m, d, start), end: londonInstant(y, m, d, end) });
    }
  }
  return windows;
}
