import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  isIsoDate,
  localMinuteOfDay,
  tzOffsetMs,
  ukDateOf,
  ukDatesBetween,
  ukDayInterval,
} from './uk-time';

const LONDON = 'Europe/London';
const HOUR = 3_600_000;

// Independent oracle: the platform's own "GMT+01:00" offset name.
function intlOffsetMs(instant: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? '');
  if (m === null) throw new Error(`unparsed offset ${name}`);
  if (m[1] === undefined) return 0;
  const ms = (Number(m[2]) * 60 + Number(m[3])) * 60_000;
  return m[1] === '-' ? -ms : ms;
}

describe('tzOffsetMs', () => {
  it('knows the 2026 Europe/London changes to the second', () => {
    const spring = Date.UTC(2026, 2, 29, 1, 0); // 01:00 GMT becomes 02:00 BST
    expect(tzOffsetMs(spring - 1000, LONDON)).toBe(0);
    expect(tzOffsetMs(spring, LONDON)).toBe(HOUR);
    const autumn = Date.UTC(2026, 9, 25, 1, 0); // 02:00 BST becomes 01:00 GMT
    expect(tzOffsetMs(autumn - 1000, LONDON)).toBe(HOUR);
    expect(tzOffsetMs(autumn, LONDON)).toBe(0);
  });

  it.each([LONDON, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'])(
    'property: agrees with Intl in %s',
    (zone) => {
      const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 0, 1) });
      fc.assert(
        fc.property(instant, (t) => {
          expect(tzOffsetMs(t, zone)).toBe(intlOffsetMs(t, zone));
        }),
        { seed: 7, numRuns: 300 },
      );
    },
  );
});

describe('ukDateOf', () => {
  it('uses the UK wall-clock day, which runs an hour ahead of UTC in summer', () => {
    expect(ukDateOf(Date.UTC(2026, 6, 15, 23, 30), LONDON)).toBe('2026-07-16');
    expect(ukDateOf(Date.UTC(2026, 0, 15, 23, 30), LONDON)).toBe('2026-01-15');
    expect(ukDateOf(Date.UTC(2026, 9, 24, 23, 0), LONDON)).toBe('2026-10-25');
  });
});

describe('ukDayInterval', () => {
  it('is 24 hours on an ordinary day', () => {
    expect(ukDayInterval('2026-07-15', LONDON)).toEqual({
      start: Date.UTC(2026, 6, 14, 23),
      end: Date.UTC(2026, 6, 15, 23),
    });
  });

  it('is 23 hours on 2026-03-29, when clocks go forward', () => {
    const day = ukDayInterval('2026-03-29', LONDON);
    expect(day).toEqual({ start: Date.UTC(2026, 2, 29, 0), end: Date.UTC(2026, 2, 29, 23) });
    expect(day.end - day.start).toBe(23 * HOUR);
  });

  it('is 25 hours on 2026-10-25, when clocks go back', () => {
    const day = ukDayInterval('2026-10-25', LONDON);
    expect(day).toEqual({ start: Date.UTC(2026, 9, 24, 23), end: Date.UTC(2026, 9, 26, 0) });
    expect(day.end - day.start).toBe(25 * HOUR);
  });

  it('starts at the change in a zone whose clocks skip midnight', () => {
    // Santiago skipped 2026-09-06 00:00-01:00 local; the day begins at 04:00 UTC, 01:00 local.
    const day = ukDayInterval('2026-09-06', 'America/Santiago');
    expect(day.start).toBe(Date.UTC(2026, 8, 6, 4));
    expect(localMinuteOfDay(day.start, 'America/Santiago')).toBe(60);
  });

  it('rejects a date that is not on the calendar', () => {
    expect(() => ukDayInterval('2026-02-30', LONDON)).toThrow(RangeError);
  });

  it('property: its start and last millisecond fall on the date itself', () => {
    const day = fc.integer({ min: 0, max: 3650 });
    fc.assert(
      fc.property(day, (n) => {
        const date = new Date(Date.UTC(2024, 0, 1) + n * 24 * HOUR).toISOString().slice(0, 10);
        const interval = ukDayInterval(date, LONDON);
        expect(ukDateOf(interval.start, LONDON)).toBe(date);
        expect(ukDateOf(interval.end - 1, LONDON)).toBe(date);
        expect(ukDateOf(interval.start - 1, LONDON)).not.toBe(date);
        expect(localMinuteOfDay(interval.start, LONDON)).toBe(0);
      }),
      { seed: 99, numRuns: 300 },
    );
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2026-11-21', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-01', false],
    [' 2026-01-01', false],
    ['2026-01-01T00:00', false],
  ])('%s -> %s', (s, ok) => {
    expect(isIsoDate(s)).toBe(ok);
  });
});

describe('ukDatesBetween', () => {
  it('lists every UK date an interval touches', () => {
    const interval = { start: Date.UTC(2026, 9, 24, 22, 30), end: Date.UTC(2026, 9, 26, 0, 30) };
    expect(ukDatesBetween(interval, LONDON)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('does not count the day an interval ends on at exactly midnight', () => {
    const day = ukDayInterval('2026-03-29', LONDON);
    expect(ukDatesBetween(day, LONDON)).toEqual(['2026-03-29']);
  });

  it('returns no dates for an empty interval', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(ukDatesBetween({ start: t, end: t }, LONDON)).toEqual([]);
  });

  it('spans the 36-day availability window across a month end', () => {
    const start = Date.UTC(2026, 10, 21, 12);
    const dates = ukDatesBetween({ start, end: start + 36 * 24 * HOUR }, LONDON);
    expect(dates).toHaveLength(37);
    expect(dates[0]).toBe('2026-11-21');
    expect(dates.at(-1)).toBe('2026-12-27');
  });
});
