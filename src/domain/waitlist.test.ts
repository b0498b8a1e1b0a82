import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  daysStillAhead,
  entryIsOver,
  minuteOfDay,
  startSuits,
  timeOfDay,
  waitlistWishProblems,
} from './waitlist';

describe('waitlist rules', () => {
  it('reads and writes times of day', () => {
    expect(minuteOfDay('09:30')).toBe(570);
    expect(minuteOfDay('23:59')).toBe(1439);
    expect(minuteOfDay('24:00')).toBeNull();
    expect(minuteOfDay('9:30')).toBeNull();
    expect(timeOfDay(570)).toBe('09:30');
  });

  it('counts days across months', () => {
    expect(daysBetween('2026-11-30', '2026-12-01')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0);
  });

  it('accepts a range from today of up to 28 days with earliest before latest', () => {
    expect(
      waitlistWishProblems(
        { from: '2026-11-23', to: '2026-12-20', earliest: '09:00', latest: '12:00' },
        '2026-11-23',
      ),
    ).toEqual([]);
  });

  it('refuses the past, a reversed or too long range, and reversed or malformed times', () => {
    const today = '2026-11-23';
    const fields = (w: Parameters<typeof waitlistWishProblems>[0]) =>
      waitlistWishProblems(w, today).map((p) => p.field);
    expect(fields({ from: '2026-11-22', to: '2026-11-24' })).toEqual(['from']);
    expect(fields({ from: '2026-11-25', to: '2026-11-24' })).toEqual(['to']);
    expect(fields({ from: '2026-11-23', to: '2026-12-21' })).toEqual(['to']);
    expect(fields({ from: '2027-02-01', to: '2027-02-02' })).toEqual(['from']);
    expect(fields({ from: today, to: today, earliest: '12:00', latest: '12:00' })).toEqual([
      'latest',
    ]);
    expect(fields({ from: today, to: today, earliest: '7am' })).toEqual(['earliest']);
  });

  it('judges a start against the time-of-day range, both ends included', () => {
    const range = { earliestMinute: 600, latestMinute: 720 };
    expect(startSuits(599, range)).toBe(false);
    expect(startSuits(600, range)).toBe(true);
    expect(startSuits(720, range)).toBe(true);
    expect(startSuits(721, range)).toBe(false);
    expect(startSuits(0, { earliestMinute: null, latestMinute: null })).toBe(true);
  });

  it('looks only at the days still ahead, and ends an entry after its last day', () => {
    expect(daysStillAhead('2026-11-20', '2026-11-25', '2026-11-23')).toEqual({
      from: '2026-11-23',
      to: '2026-11-25',
    });
    expect(daysStillAhead('2026-11-20', '2026-11-22', '2026-11-23')).toBeNull();
    expect(entryIsOver('2026-11-22', '2026-11-23')).toBe(true);
    expect(entryIsOver('2026-11-23', '2026-11-23')).toBe(false);
  });
});
