import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RULES_CONFIG, type RulesConfig } from './constants';
import { intervalsOverlap, normaliseIntervals } from './intervals';
import { computeSlots } from './slots';
import type { Interval } from './types';
import { ukDayInterval } from './uk-time';

const MIN = 60_000;
const LONDON = 'Europe/London';

// Independent of uk-time.ts: asks Intl for the wall-clock minute of each candidate.
const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});
const minuteCache = new Map<number, number>();
function localMinute(t: number): number {
  let m = minuteCache.get(t);
  if (m === undefined) {
    const [h, mm] = wallClock.format(t).split(':').map(Number);
    m = (h ?? 0) * 60 + (mm ?? 0);
    minuteCache.set(t, m);
  }
  return m;
}

function covered(windows: Interval[], from: number, to: number): boolean {
  let pos = from;
  for (let moved = true; pos < to && moved;) {
    moved = false;
    for (const w of windows) {
      if (w.start <= pos && pos < w.end) {
        pos = w.end;
        moved = true;
      }
    }
  }
  return pos >= to;
}

/** Brute force over every minute of the range: the definition, not the algorithm. */
function oracle(
  windows: Interval[],
  bookings: Interval[],
  duration: number,
  range: Interval,
  now: number,
  config: RulesConfig,
): number[] {
  const out: number[] = [];
  const d = duration * MIN;
  for (let s = Math.ceil(range.start / MIN) * MIN; s < range.end; s += MIN) {
    if (s < now + config.noticeMinutes * MIN) continue;
    if (!covered(windows, s, s + d)) continue;
    if (bookings.some((b) => intervalsOverlap(b, { start: s, end: s + d }))) continue;
    if (localMinute(s) % config.gridMinutes !== 0) continue;
    out.push(s);
  }
  return out;
}

// Two UK days around the 2026-10-25 change, so the repeated hour is exercised often.
const range: Interval = {
  start: ukDayInterval('2026-10-24', LONDON).start,
  end: ukDayInterval('2026-10-25', LONDON).end,
};
const span = range.end - range.start;
// Mostly on 5-minute marks, so edges land exactly on slot starts and ends; sometimes anywhere.
const instantOffset = (min: number, max: number): fc.Arbitrary<number> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.integer({ min: min / (5 * MIN), max: max / (5 * MIN) }).map((n) => n * 5 * MIN),
    },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
const interval = (maxLengthMinutes: number): fc.Arbitrary<Interval> =>
  fc
    .tuple(
      instantOffset(-3 * 60 * MIN, span + 3 * 60 * MIN),
      instantOffset(5 * MIN, maxLengthMinutes * MIN),
    )
    .map(([offset, length]) => ({
      start: range.start + offset,
      end: range.start + offset + length,
    }));

const scenario = fc.record({
  windows: fc.array(interval(10 * 60), { maxLength: 5 }),
  bookings: fc.array(interval(3 * 60), { maxLength: 8 }),
  duration: fc.oneof(fc.constantFrom(30, 45, 60, 75, 105), fc.integer({ min: 1, max: 300 })),
  nowOffset: instantOffset(-24 * 60 * MIN, span),
  notice: fc.constantFrom(0, 60, 90, 7),
});

describe('computeSlots properties (Europe/London, around 2026-10-25)', () => {
  it('matches a brute-force reading of the rules', () => {
    fc.assert(
      fc.property(scenario, ({ windows, bookings, duration, nowOffset, notice }) => {
        const config = { ...DEFAULT_RULES_CONFIG, noticeMinutes: notice };
        const now = range.start + nowOffset;
        const input = { windows, bookings, durationMinutes: duration, range, now, config };
        expect(computeSlots(input)).toEqual(
          oracle(windows, bookings, duration, range, now, config),
        );
      }),
      { seed: 1025, numRuns: 150 },
    );
  });

  it('never overlaps a booking, leaves a window, leaves the grid or ignores notice', () => {
    fc.assert(
      fc.property(scenario, ({ windows, bookings, duration, nowOffset, notice }) => {
        const config = { ...DEFAULT_RULES_CONFIG, noticeMinutes: notice };
        const now = range.start + nowOffset;
        const result = computeSlots({
          windows,
          bookings,
          durationMinutes: duration,
          range,
          now,
          config,
        });
        const merged = normaliseIntervals(windows);
        result.forEach((s, i) => {
          const slot = { start: s, end: s + duration * MIN };
          if (i > 0) expect(s).toBeGreaterThan(result[i - 1] ?? -Infinity);
          expect(bookings.some((b) => intervalsOverlap(b, slot))).toBe(false);
          expect(merged.some((w) => w.start <= slot.start && slot.end <= w.end)).toBe(true);
          expect(localMinute(s) % 15).toBe(0);
          expect(s).toBeGreaterThanOrEqual(now + notice * MIN);
          expect(s >= range.start && s < range.end).toBe(true);
        });
      }),
      { seed: 2910, numRuns: 400 },
    );
  });
});
