import { describe, it, expect } from 'vitest';
import { DEFAULT_RULES_CONFIG, type RulesConfig } from './constants';
import { formatUkTime } from './format';
import { computeSlots, type SlotInput } from './slots';
import type { Interval } from './types';
import { ukDayInterval } from './uk-time';

const LONDON = 'Europe/London';
const MIN = 60_000;
const config = DEFAULT_RULES_CONFIG;
const longAgo = Date.UTC(2026, 0, 1);

/** A UK wall-clock time on a date; fine away from the changes, which tests spell out in UTC. */
function uk(date: string, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return ukDayInterval(date, LONDON).start + ((h ?? 0) * 60 + (m ?? 0)) * MIN;
}

function slots(over: Partial<SlotInput> & { range: Interval }): number[] {
  return computeSlots({
    windows: [],
    bookings: [],
    durationMinutes: 60,
    now: longAgo,
    config,
    ...over,
  });
}

const times = (list: number[], zone = LONDON): string[] => list.map((s) => formatUkTime(s, zone));

describe('computeSlots on an ordinary (BST) day', () => {
  const date = '2026-07-15';
  const range = ukDayInterval(date, LONDON);
  const window = { start: uk(date, '09:00'), end: uk(date, '12:00') };

  it('offers every 15 minutes while the whole treatment fits the window', () => {
    const result = slots({ range, windows: [window] });
    expect(times(result)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
    expect(result[0]).toBe(Date.UTC(2026, 6, 15, 8, 0));
  });

  it('fits a 75-minute booking (60 + 15 buffer) only when it ends by the window end', () => {
    expect(times(slots({ range, windows: [window], durationMinutes: 75 })).at(-1)).toBe('10:45');
  });

  it('rounds an odd window start up to the grid', () => {
    const odd = { start: uk(date, '09:07'), end: uk(date, '10:30') };
    expect(times(slots({ range, windows: [odd] }))).toEqual(['09:15', '09:30']);
  });

  it('lets a slot end exactly when a booking starts and start exactly when one ends', () => {
    const booking = { start: uk(date, '10:00'), end: uk(date, '10:30') };
    expect(times(slots({ range, windows: [window], bookings: [booking] }))).toEqual([
      '09:00',
      '10:30',
      '10:45',
      '11:00',
    ]);
  });

  it('needs 60 minutes of notice by default', () => {
    const now = uk(date, '09:10');
    expect(times(slots({ range, windows: [window], now }))[0]).toBe('10:15');
    const exact = uk(date, '09:15');
    expect(times(slots({ range, windows: [window], now: exact }))[0]).toBe('10:15');
    const noNotice: RulesConfig = { ...config, noticeMinutes: 0 };
    expect(times(slots({ range, windows: [window], now, config: noNotice }))[0]).toBe('09:15');
  });

  it('puts the start, not the end, inside the range', () => {
    const late = { start: uk(date, '23:00'), end: uk('2026-07-16', '02:00') };
    expect(times(slots({ range, windows: [late] }))).toEqual(['23:00', '23:15', '23:30', '23:45']);
  });

  it('treats touching windows as one continuous window', () => {
    const a = { start: uk(date, '09:00'), end: uk(date, '10:00') };
    const b = { start: uk(date, '10:00'), end: uk(date, '11:00') };
    expect(times(slots({ range, windows: [b, a] }))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
    ]);
  });

  it('does not bridge a gap between windows', () => {
    const a = { start: uk(date, '09:00'), end: uk(date, '10:00') };
    const b = { start: uk(date, '10:15'), end: uk(date, '11:15') };
    expect(times(slots({ range, windows: [a, b] }))).toEqual(['09:00', '10:15']);
  });

  it('offers nothing for a non-positive duration', () => {
    expect(slots({ range, windows: [window], durationMinutes: 0 })).toEqual([]);
  });
});

describe('computeSlots across the Europe/London clock changes', () => {
  it('2026-03-29: 00:00-04:00 local is 3 real hours; 01:xx does not exist', () => {
    const range = ukDayInterval('2026-03-29', LONDON);
    const window = { start: Date.UTC(2026, 2, 29, 0), end: Date.UTC(2026, 2, 29, 3) };
    const result = slots({ range, windows: [window] });
    expect(times(result)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '02:00',
      '02:15',
      '02:30',
      '02:45',
      '03:00',
    ]);
    expect(result).toHaveLength(9);
  });

  it('2026-10-25: 00:00-04:00 local is 5 real hours; 01:xx happens twice', () => {
    const range = ukDayInterval('2026-10-25', LONDON);
    const window = { start: Date.UTC(2026, 9, 24, 23), end: Date.UTC(2026, 9, 25, 4) };
    const result = slots({ range, windows: [window] });
    expect(times(result)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45', // BST
      '01:00',
      '01:15',
      '01:30',
      '01:45', // GMT
      '02:00',
      '02:15',
      '02:30',
      '02:45',
      '03:00',
    ]);
    expect(new Set(result).size).toBe(17);
  });

  it('covers the 23- and 25-hour days fully', () => {
    const spring = ukDayInterval('2026-03-29', LONDON);
    const autumn = ukDayInterval('2026-10-25', LONDON);
    expect(slots({ range: spring, windows: [spring], durationMinutes: 15 })).toHaveLength(23 * 4);
    expect(slots({ range: autumn, windows: [autumn], durationMinutes: 15 })).toHaveLength(25 * 4);
  });
});

describe('computeSlots in zones whose offsets are not whole hours', () => {
  it('anchors the grid to local time in Asia/Kathmandu (+05:45)', () => {
    const zone = 'Asia/Kathmandu';
    const kathmandu: RulesConfig = { ...config, timeZone: zone, gridMinutes: 30 };
    const range = ukDayInterval('2026-07-15', zone);
    const window = { start: range.start + 9 * 60 * MIN, end: range.start + 11 * 60 * MIN };
    const result = slots({ range, windows: [window], config: kathmandu });
    expect(times(result, zone)).toEqual(['09:00', '09:30', '10:00']);
    expect(new Date(result[0] ?? 0).getUTCMinutes()).toBe(15);
  });

  it('realigns after a half-hour clock change (Australia/Lord_Howe, 2026-10-04)', () => {
    const zone = 'Australia/Lord_Howe';
    const hourly: RulesConfig = { ...config, timeZone: zone, gridMinutes: 60 };
    const range = ukDayInterval('2026-10-04', zone);
    // 00:00 at +10:30 to 06:00 at +11:00; 02:00-02:30 local does not exist.
    const window = { start: Date.UTC(2026, 9, 3, 13, 30), end: Date.UTC(2026, 9, 3, 19, 0) };
    const result = slots({ range, windows: [window], config: hourly });
    expect(times(result, zone)).toEqual(['00:00', '01:00', '03:00', '04:00', '05:00']);
  });
});
