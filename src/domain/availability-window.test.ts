import { describe, it, expect } from 'vitest';
import { availabilityWindow, clipToWindow } from './availability-window';
import { DEFAULT_RULES_CONFIG } from './constants';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const now = Date.UTC(2026, 10, 21, 12, 0);
const window = availabilityWindow(now, DEFAULT_RULES_CONFIG);

describe('availabilityWindow', () => {
  it('runs from 1 day past to 36 days ahead', () => {
    expect(window).toEqual({ start: now - 1 * DAY, end: now + 36 * DAY });
    expect(window.start).toBe(Date.UTC(2026, 10, 20, 12, 0));
    expect(window.end).toBe(Date.UTC(2026, 11, 27, 12, 0));
  });

  it('follows the configured numbers', () => {
    const w = availabilityWindow(now, { availabilityPastDays: 0, availabilityAheadDays: 7 });
    expect(w).toEqual({ start: now, end: now + 7 * DAY });
  });
});

describe('clipToWindow', () => {
  const pastEdge = now - DAY;
  const futureEdge = now + 36 * DAY;

  it('drops a window ending exactly 1 day ago, keeps one ending a minute later', () => {
    expect(clipToWindow([{ start: pastEdge - 60 * MIN, end: pastEdge }], window)).toEqual([]);
    expect(clipToWindow([{ start: pastEdge - 60 * MIN, end: pastEdge + MIN }], window)).toEqual([
      { start: pastEdge, end: pastEdge + MIN },
    ]);
  });

  it('keeps a window starting one minute inside the past edge whole', () => {
    const w = { start: pastEdge + MIN, end: pastEdge + 60 * MIN };
    expect(clipToWindow([w], window)).toEqual([w]);
  });

  it('drops a window starting exactly 36 days ahead, keeps one starting a minute earlier', () => {
    expect(clipToWindow([{ start: futureEdge, end: futureEdge + 60 * MIN }], window)).toEqual([]);
    expect(clipToWindow([{ start: futureEdge - MIN, end: futureEdge + 60 * MIN }], window)).toEqual(
      [{ start: futureEdge - MIN, end: futureEdge }],
    );
  });

  it('keeps a window ending one minute inside the future edge whole', () => {
    const w = { start: futureEdge - 60 * MIN, end: futureEdge - MIN };
    expect(clipToWindow([w], window)).toEqual([w]);
  });

  it('sorts, merges overlapping and touching windows, drops empty ones', () => {
    const h = (hours: number): number => now + hours * 60 * MIN;
    expect(
      clipToWindow(
        [
          { start: h(5), end: h(6) },
          { start: h(1), end: h(2) },
          { start: h(2), end: h(3) },
          { start: h(2.5), end: h(4) },
          { start: h(8), end: h(8) },
        ],
        window,
      ),
    ).toEqual([
      { start: h(1), end: h(4) },
      { start: h(5), end: h(6) },
    ]);
  });
});
