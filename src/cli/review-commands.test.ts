import { describe, expect, it } from 'vitest';
import type { ReviewRecord } from '../contract/reviews';
import { UsageError } from './errors';
import { describeReview, parseReviews } from './review-commands';

describe('reviews command', () => {
  it('lists, or hides with a reason', () => {
    expect(parseReviews([])).toEqual({ name: 'reviews', action: 'list', reported: false });
    expect(parseReviews(['--reported'])).toEqual({
      name: 'reviews',
      action: 'list',
      reported: true,
    });
    expect(parseReviews(['hide', 'K7M2QX9D', '--reason', 'Personal remarks'])).toEqual({
      name: 'reviews',
      action: 'hide',
      key: 'K7M2QX9D',
      reason: 'Personal remarks',
    });
    expect(parseReviews(['hide', '--reason=Rude words', 'K7M2QX9D'])).toMatchObject({
      reason: 'Rude words',
    });
  });

  it('refuses a hide without a booking or a reason', () => {
    expect(() => parseReviews(['hide', '--reason', 'x y z'])).toThrow(UsageError);
    expect(() => parseReviews(['hide', 'K7M2QX9D'])).toThrow('--reason');
    expect(() => parseReviews(['hide', 'K7M2QX9D', '--reason', 'no'])).toThrow(UsageError);
    expect(() => parseReviews(['--all'])).toThrow(UsageError);
  });

  it('describes a review with its hiding and its reports', () => {
    const record: ReviewRecord = {
      id: 'r1',
      bookingId: 'b1',
      bookingReference: 'K7M2QX9D',
      therapistId: 't-anna',
      rating: 2,
      comment: 'Late\nand rushed',
      erased: false,
      createdAt: '2026-11-26T16:00:00.000Z',
      updatedAt: '2026-11-26T16:00:00.000Z',
      hidden: { at: '2026-11-27T09:00:00.000Z', reason: 'Personal remarks' },
      reports: [{ reason: null, at: '2026-11-27T08:00:00.000Z' }],
    };
    expect(describeReview(record)).toBe(
      'K7M2QX9D  2 stars  t-anna  written 2026-11-26 16:00\n' +
        '  "Late and rushed"\n' +
        '  Hidden 2026-11-27 09:00: Personal remarks\n' +
        '  Reported 2026-11-27 08:00: (reporter deleted)\n',
    );
  });
});
