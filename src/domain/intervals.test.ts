import { describe, it, expect } from 'vitest';
import { intervalsOverlap, normaliseIntervals } from './intervals';

describe('normaliseIntervals', () => {
  it('sorts, merges overlapping and touching intervals, drops empty ones', () => {
    expect(
      normaliseIntervals([
        { start: 50, end: 60 },
        { start: 10, end: 20 },
        { start: 20, end: 30 },
        { start: 25, end: 27 },
        { start: 40, end: 40 },
        { start: 45, end: 41 },
        { start: Number.NaN, end: 5 },
      ]),
    ).toEqual([
      { start: 10, end: 30 },
      { start: 50, end: 60 },
    ]);
  });

  it('does not mutate its input', () => {
    const input = [
      { start: 5, end: 10 },
      { start: 0, end: 6 },
    ];
    normaliseIntervals(input);
    expect(input).toEqual([
      { start: 5, end: 10 },
      { start: 0, end: 6 },
    ]);
  });
});

describe('intervalsOverlap', () => {
  it('is half-open: touching intervals do not overlap', () => {
    expect(intervalsOverlap({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(intervalsOverlap({ start: 0, end: 11 }, { start: 10, end: 20 })).toBe(true);
    expect(intervalsOverlap({ start: 12, end: 13 }, { start: 10, end: 20 })).toBe(true);
  });
});
