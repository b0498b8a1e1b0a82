import { describe, expect, it } from 'vitest';
import {
  averageRating,
  ratingShown,
  reviewEditable,
  reviewEditableUntil,
  reviewRefusal,
  reviewRequestsDueIfCompletedBy,
  reviewRequestStillUseful,
  starsLabel,
} from './reviews';

const written = new Date('2026-11-26T16:00:00Z');

describe('reviews', () => {
  it('may be changed for 14 days after first written, then are fixed', () => {
    expect(reviewEditableUntil(written).toISOString()).toBe('2026-12-10T16:00:00.000Z');
    expect(reviewEditable(written, new Date('2026-12-10T15:59:59Z'))).toBe(true);
    expect(reviewEditable(written, new Date('2026-12-10T16:00:00Z'))).toBe(false);
  });

  it('are refused for a booking not completed, a fixed review and a hidden one', () => {
    const soon = new Date('2026-11-27T00:00:00Z');
    expect(reviewRefusal('confirmed', null, soon)).toBe('not_completed');
    expect(reviewRefusal('cancelled', null, soon)).toBe('not_completed');
    expect(reviewRefusal('completed', null, soon)).toBeNull();
    expect(reviewRefusal('completed', { createdAt: written, hidden: false }, soon)).toBeNull();
    expect(reviewRefusal('completed', { createdAt: written, hidden: true }, soon)).toBe('hidden');
    const later = new Date('2026-12-11T00:00:00Z');
    expect(reviewRefusal('completed', { createdAt: written, hidden: false }, later)).toBe('fixed');
  });

  it('show a rating only from the threshold, averaged to one decimal', () => {
    expect(ratingShown(2, 3)).toBe(false);
    expect(ratingShown(3, 3)).toBe(true);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBe(0);
  });

  it('say their stars in words', () => {
    expect(starsLabel(1)).toBe('1 star');
    expect(starsLabel(5)).toBe('5 stars');
  });

  it('are asked for hours after completion, and not a week late', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(reviewRequestsDueIfCompletedBy(now, 3).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    const completed = new Date('2026-11-26T12:00:00Z');
    expect(reviewRequestStillUseful(completed, new Date('2026-12-03T12:00:00Z'))).toBe(true);
    expect(reviewRequestStillUseful(completed, new Date('2026-12-03T12:00:01Z'))).toBe(false);
  });
});
