import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { basketCounts, basketTotal, describeBasketCount } from './basket';
import { DEFAULT_RULES_CONFIG } from './constants';

const config = DEFAULT_RULES_CONFIG;

describe('basketTotal', () => {
  it('fails the default 2300 pence minimum at 2299, short by 1', () => {
    const total = basketTotal([{ pricePence: 2299, durationMinutes: 60 }], null, config);
    expect(total).toEqual({
      totalPricePence: 2299,
      totalDurationMinutes: 75,
      treatmentMinutes: 60,
      turnaroundMinutes: 15,
      meetsMinimumSpend: false,
      minimumSpendPence: 2300,
      shortfallPence: 1,
    });
  });

  it('passes at exactly 2300 pence', () => {
    const total = basketTotal(
      [
        { pricePence: 1800, durationMinutes: 45 },
        { pricePence: 500, durationMinutes: 15 },
      ],
      null,
      config,
    );
    expect(total.totalPricePence).toBe(2300);
    expect(total.meetsMinimumSpend).toBe(true);
    expect(total.shortfallPence).toBe(0);
  });

  it('adds 15 minutes to the summed durations', () => {
    const total = basketTotal(
      [
        { pricePence: 3000, durationMinutes: 60 },
        { pricePence: 1000, durationMinutes: 30 },
      ],
      null,
      config,
    );
    expect(total.totalDurationMinutes).toBe(60 + 30 + 15);
  });

  it('uses the therapist’s own minimum spend when set', () => {
    const items = [{ pricePence: 4000, durationMinutes: 60 }];
    expect(basketTotal(items, 5000, config)).toMatchObject({
      meetsMinimumSpend: false,
      minimumSpendPence: 5000,
      shortfallPence: 1000,
    });
    expect(basketTotal(items, 0, config).meetsMinimumSpend).toBe(true);
  });

  it('gives an empty basket no duration and the whole minimum as shortfall', () => {
    expect(basketTotal([], null, config)).toEqual({
      totalPricePence: 0,
      totalDurationMinutes: 0,
      treatmentMinutes: 0,
      turnaroundMinutes: 0,
      meetsMinimumSpend: false,
      minimumSpendPence: 2300,
      shortfallPence: 2300,
    });
  });

  it('property: total + shortfall reaches the minimum, and meets ⇔ no shortfall', () => {
    const item = fc.record({
      pricePence: fc.integer({ min: 0, max: 20_000 }),
      durationMinutes: fc.integer({ min: 5, max: 240 }),
    });
    const minimum = fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), minimum, (items, min) => {
        const t = basketTotal(items, min, config);
        expect(t.minimumSpendPence).toBe(min ?? 2300);
        expect(t.shortfallPence).toBe(Math.max(0, t.minimumSpendPence - t.totalPricePence));
        expect(t.meetsMinimumSpend).toBe(t.shortfallPence === 0);
        expect(t.totalPricePence + t.shortfallPence).toBeGreaterThanOrEqual(t.minimumSpendPence);
        const minutes = items.reduce((sum, i) => sum + i.durationMinutes, 0);
        expect(t.totalDurationMinutes).toBe(minutes + 15);
      }),
      { seed: 20261121, numRuns: 300 },
    );
  });
});

describe('basketCounts', () => {
  it('counts an add-on apart from the treatments (issue 33: not "2 treatments")', () => {
    const counts = basketCounts([{ isAddOn: false }, { isAddOn: true }]);
    expect(counts).toEqual({ treatments: 1, addOns: 1 });
    expect(describeBasketCount(counts)).toBe('1 treatment and 1 add-on');
    expect(describeBasketCount(basketCounts([{ isAddOn: false }, { isAddOn: false }]))).toBe(
      '2 treatments',
    );
    expect(describeBasketCount({ treatments: 2, addOns: 3 })).toBe('2 treatments and 3 add-ons');
  });
});
