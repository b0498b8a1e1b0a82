import { describe, expect, it } from 'vitest';
import { HOUR_MS } from './constants';
import {
  MIN_TIP_PENCE,
  parsePounds,
  tipAmountProblem,
  tipPresets,
  tipSplit,
  tipWindowOpen,
} from './tips';

const END = Date.parse('2026-11-20T12:00:00Z');

describe('tipWindowOpen', () => {
  it('opens on completion and closes 48 hours after the end', () => {
    expect(tipWindowOpen({ status: 'completed', endsAtMs: END }, END - HOUR_MS)).toBe(true);
    expect(tipWindowOpen({ status: 'completed', endsAtMs: END }, END + 48 * HOUR_MS)).toBe(true);
    expect(tipWindowOpen({ status: 'completed', endsAtMs: END }, END + 48 * HOUR_MS + 1)).toBe(
      false,
    );
  });
  it('is shut for anything not completed', () => {
    for (const status of ['confirmed', 'cancelled', 'held', 'expired'])
      expect(tipWindowOpen({ status, endsAtMs: END }, END + HOUR_MS)).toBe(false);
  });
});

describe('tip amounts', () => {
  it('offers 10, 15 and 20% to the penny, leaving out shares under the minimum', () => {
    expect(tipPresets(6500)).toEqual([
      { percent: 10, amountPence: 650 },
      { percent: 15, amountPence: 975 },
      { percent: 20, amountPence: 1300 },
    ]);
    expect(tipPresets(4999)).toEqual([
      { percent: 10, amountPence: 500 },
      { percent: 15, amountPence: 750 },
      { percent: 20, amountPence: 1000 },
    ]);
    expect(tipPresets(800).map((p) => p.percent)).toEqual([15, 20]);
  });
  it('takes the minimum up to the price, and says why otherwise', () => {
    expect(tipAmountProblem(MIN_TIP_PENCE, 6500)).toBeNull();
    expect(tipAmountProblem(6500, 6500)).toBeNull();
    expect(tipAmountProblem(99, 6500)).toBe('The smallest tip is £1.00.');
    expect(tipAmountProblem(6501, 6500)).toBe(
      'A tip can be at most the price of the appointment, £65.00.',
    );
    expect(tipAmountProblem(1.5, 6500)).toBe('Enter the tip in pounds and pence.');
  });
  it('reads pounds as people type them', () => {
    expect(parsePounds('5')).toBe(500);
    expect(parsePounds('£5.5')).toBe(550);
    expect(parsePounds(' 12.05 ')).toBe(1205);
    expect(parsePounds('5.555')).toBeNull();
    expect(parsePounds('abc')).toBeNull();
    expect(parsePounds('')).toBeNull();
  });
  it('puts as much credit as there is towards it, when asked', () => {
    expect(tipSplit(1000, 300, true)).toEqual({ creditAppliedPence: 300, amountDuePence: 700 });
    expect(tipSplit(1000, 3000, true)).toEqual({ creditAppliedPence: 1000, amountDuePence: 0 });
    expect(tipSplit(1000, 3000, false)).toEqual({ creditAppliedPence: 0, amountDuePence: 1000 });
  });
});
