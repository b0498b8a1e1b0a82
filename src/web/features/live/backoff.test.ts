import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from half a second to a second, then up to the cap', () => {
    const least = (n: number) => backoffDelay(n, () => 0);
    const most = (n: number) => backoffDelay(n, () => 0.999999);
    expect([0, 1, 2, 3, 4, 5, 6].map(least)).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6].map(most)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('never waits past the cap however long it has been failing', () => {
    expect(backoffDelay(1_000, () => 0.999999)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(backoffDelay(-3, () => 0)).toBe(500);
  });

  it('spreads tabs that lost their streams together over the upper half', () => {
    const delays = [0.1, 0.4, 0.7].map((r) => backoffDelay(3, () => r));
    expect(delays).toEqual([4_400, 5_600, 6_800]);
  });
});
