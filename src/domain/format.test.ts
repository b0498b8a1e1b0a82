import { describe, it, expect } from 'vitest';
import {
  formatDateEnGb,
  formatLongDate,
  formatLongDateOfInstant,
  formatPence,
  formatUkTime,
  formatWait,
  truncateWords,
} from './format';

describe('formatPence', () => {
  it.each([
    [2300, '£23.00'],
    [2299, '£22.99'],
    [5, '£0.05'],
    [0, '£0.00'],
    [123450, '£1,234.50'],
    [100000000, '£1,000,000.00'],
    [-700, '-£7.00'],
    [-5, '-£0.05'],
  ])('%i pence -> %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('refuses fractional pence rather than hide a rounding bug', () => {
    expect(() => formatPence(23.5)).toThrow(RangeError);
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
  });
});

describe('truncateWords', () => {
  const ten = 'one two three four five six seven eight nine ten';

  it('keeps 10 words as they are', () => {
    expect(truncateWords(ten)).toBe(ten);
  });

  it('cuts the 11th word off and adds an ellipsis', () => {
    expect(truncateWords(`${ten} eleven twelve`)).toBe(`${ten}…`);
  });

  it('collapses whitespace', () => {
    expect(truncateWords('  Deep \n tissue\tmassage  ')).toBe('Deep tissue massage');
    expect(truncateWords('   ')).toBe('');
  });

  it('takes another limit', () => {
    expect(truncateWords('a b c d', 2)).toBe('a b…');
  });
});

describe('formatDateEnGb', () => {
  it('formats the UTC calendar day en-GB', () => {
    expect(formatDateEnGb(Date.UTC(2026, 10, 21, 9, 30))).toBe('21/11/2026');
    // Calendar days are UTC, so 23:30 UTC in July is still the 15th though the UK is on the 16th.
    expect(formatDateEnGb(Date.UTC(2026, 6, 15, 23, 30))).toBe('15/07/2026');
  });
});

describe('formatUkTime', () => {
  it('shows UK wall-clock time', () => {
    expect(formatUkTime(Date.UTC(2026, 0, 10, 9, 30), 'Europe/London')).toBe('09:30');
    expect(formatUkTime(Date.UTC(2026, 6, 10, 9, 30), 'Europe/London')).toBe('10:30');
    expect(formatUkTime(Date.UTC(2026, 6, 10, 9, 30, 59), 'Europe/London')).toBe('10:30');
  });

  it('shows 01:30 twice on 2026-10-25 and skips 01:xx on 2026-03-29', () => {
    expect(formatUkTime(Date.UTC(2026, 9, 25, 0, 30), 'Europe/London')).toBe('01:30');
    expect(formatUkTime(Date.UTC(2026, 9, 25, 1, 30), 'Europe/London')).toBe('01:30');
    expect(formatUkTime(Date.UTC(2026, 2, 29, 0, 59), 'Europe/London')).toBe('00:59');
    expect(formatUkTime(Date.UTC(2026, 2, 29, 1, 0), 'Europe/London')).toBe('02:00');
  });
});

describe('formatWait', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [47, '47 seconds'],
    [59.2, '1 minute'],
    [61, '2 minutes'],
    [2810, '47 minutes'],
    [3540, '59 minutes'],
    [3599, '1 hour'],
    [3600, '1 hour'],
    [5400, '1 hour and 30 minutes'],
    [7200, '2 hours'],
    [7260, '2 hours and 1 minute'],
  ])('%d seconds -> %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe('formatLongDate', () => {
  it('writes every day one way, with no comma whatever the ICU version', () => {
    expect(formatLongDate('2026-11-26')).toBe('Thursday 26 November 2026');
    expect(formatLongDate('2026-12-01')).toBe('Tuesday 1 December 2026');
  });

  it('shows something that is not a day as it is rather than failing the page', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });

  it("writes an instant's day as it falls in the zone, across the clock changes", () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST); in winter UTC and London agree.
    expect(formatLongDateOfInstant(Date.parse('2026-07-01T23:30:00Z'), 'Europe/London')).toBe(
      'Thursday 2 July 2026',
    );
    expect(formatLongDateOfInstant(Date.parse('2026-11-25T23:30:00Z'), 'Europe/London')).toBe(
      'Wednesday 25 November 2026',
    );
  });
});
