import { DAY_MS, type RulesConfig } from './constants';
import { normaliseIntervals } from './intervals';
import type { Interval } from './types';

/**
 * docs/product.md#availability-window: availability is kept from 1 day past to 36 days ahead of
 * now.
 */
export function availabilityWindow(
  now: number,
  config: Pick<RulesConfig, 'availabilityPastDays' | 'availabilityAheadDays'>,
): Interval {
  return {
    start: now - config.availabilityPastDays * DAY_MS,
    end: now + config.availabilityAheadDays * DAY_MS,
  };
}

/** Keeps only the parts of `windows` inside `window`; result is sorted, merged and non-empty. */
export function clipToWindow(windows: readonly Interval[], window: Interval): Interval[] {
  const clipped: Interval[] = [];
  for (const w of windows) {
    const start = Math.max(w.start, window.start);
    const end = Math.min(w.end, window.end);
    if (start < end) clipped.push({ start, end });
  }
  return normaliseIntervals(clipped);
}
