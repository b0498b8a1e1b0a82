import { describe, it, expect } from 'vitest';
import { DEFAULT_RULES_CONFIG } from './constants';

describe('DEFAULT_RULES_CONFIG', () => {
  it('carries the numbers of the product rules', () => {
    expect(DEFAULT_RULES_CONFIG).toEqual({
      noticeMinutes: 60,
      availabilityPastDays: 1,
      availabilityAheadDays: 36,
      defaultMinimumSpendPence: 2300,
      bufferMinutes: 15,
      gridMinutes: 15,
      timeZone: 'Europe/London',
    });
  });

  it('cannot be changed by a caller by accident', () => {
    expect(Object.isFrozen(DEFAULT_RULES_CONFIG)).toBe(true);
  });
});
