import { describe, expect, it } from 'vitest';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('booking rules', () => {
  it('keeps the cancellation policy coherent', () => {
    expect(loadConfig({}).cancellation).toEqual({
      freeCancellationHours: 24,
      partialRefundUntilHours: 2,
      partialRefundPercent: 50,
      rescheduleNoticeHours: 24,
    });
    expect(problemsOf({ FREE_CANCELLATION_HOURS: '1', PARTIAL_REFUND_UNTIL_HOURS: '2' })).toEqual([
      'PARTIAL_REFUND_UNTIL_HOURS: must not be more than FREE_CANCELLATION_HOURS',
    ]);
  });

  it('credits a late arrival by the configured numbers, or not at all', () => {
    expect(loadConfig({}).lateArrival).toEqual({ afterMinutes: 20, creditPence: 500 });
    expect(
      loadConfig({ LATE_ARRIVAL_CREDIT_AFTER_MINUTES: '30', LATE_ARRIVAL_CREDIT_PENCE: '0' })
        .lateArrival,
    ).toEqual({ afterMinutes: 30, creditPence: 0 });
    expect(problemsOf({ LATE_ARRIVAL_CREDIT_PENCE: '2.5' })).toEqual([
      'LATE_ARRIVAL_CREDIT_PENCE: must be a whole number',
    ]);
    expect(problemsOf({ LATE_ARRIVAL_CREDIT_AFTER_MINUTES: '-1' })).toEqual([
      'LATE_ARRIVAL_CREDIT_AFTER_MINUTES: must be at least 0',
    ]);
  });
});
