import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_RETRY, nextRetryInMs, retryDelayMs } from './webhook-schedule';

const HOUR = 60 * 60_000;

describe('webhook retry schedule', () => {
  it('waits 10 s after the first failure, doubling up to an hour', () => {
    const waits = [1, 2, 3, 4, 5, 9, 10, 11, 50, 1000].map((n) =>
      retryDelayMs(n, DEFAULT_WEBHOOK_RETRY),
    );
    expect(waits).toEqual([
      10_000,
      20_000,
      40_000,
      80_000,
      160_000,
      2_560_000,
      HOUR,
      HOUR,
      HOUR,
      HOUR,
    ]);
  });

  it('keeps trying for well over 24 hours, then gives up at 72', () => {
    // Every attempt fails at once: walk the schedule as the worker would.
    let age = 0;
    let attempts = 1;
    for (;;) {
      const wait = nextRetryInMs(attempts, age, DEFAULT_WEBHOOK_RETRY);
      if (wait === null) break;
      age += wait;
      attempts += 1;
    }
    expect(age).toBeGreaterThan(24 * HOUR);
    expect(age).toBeLessThanOrEqual(72 * HOUR);
    expect(age).toBeGreaterThan(71 * HOUR);
    expect(attempts).toBe(80); // 9 doubling waits (85 min in all), then 70 hourly ones
  });

  it('gives up when the next try would fall after the limit', () => {
    expect(nextRetryInMs(20, 72 * HOUR - HOUR, DEFAULT_WEBHOOK_RETRY)).toBe(HOUR);
    expect(nextRetryInMs(20, 72 * HOUR - HOUR + 1, DEFAULT_WEBHOOK_RETRY)).toBeNull();
    expect(nextRetryInMs(1, 0, { ...DEFAULT_WEBHOOK_RETRY, giveUpAfterMs: 0 })).toBeNull();
  });
});
