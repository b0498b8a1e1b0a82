import type { Interval } from './types';

/**
 * Sorted, non-overlapping copy: drops empty or malformed intervals and merges overlapping or
 * touching ones. Touching windows merge because two back-to-back availability windows mean the
 * therapist is continuously free; keeping them apart would hide slots that straddle the seam.
 */
export function normaliseIntervals(intervals: readonly Interval[]): Interval[] {
  const valid = intervals
    .filter((i) => i.start < i.end) // also rejects NaN
    .map((i) => ({ start: i.start, end: i.end }))
    .sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of valid) {
    const last = out[out.length - 1];
    if (last !== undefined && i.start <= last.end) {
      if (i.end > last.end) last.end = i.end;
    } else {
      out.push(i);
    }
  }
  return out;
}

/** Half-open overlap: [a) and [b) that merely touch do not overlap. */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}
