import { DAY_MS, HOUR_MS } from './constants';

// The rules of verified reviews (docs/decisions/0086): who may write one and until when, when a
// therapist's rating is shown at all, and when the "How was your treatment?" request goes out.
// Pure, so the server, the web app and the tests read the same numbers.

/** A review can be changed for this long after it was first written, then it is fixed. */
export const REVIEW_EDIT_DAYS = 14;
/** The longest comment, in characters: a paragraph or two, not an essay. */
export const REVIEW_COMMENT_MAX = 1000;
/** How many of the latest reviews a profile shows. */
export const LATEST_REVIEWS_SHOWN = 5;
/** The longest reason for hiding or reporting a review. */
export const REVIEW_REASON_MAX = 500;
/**
 * A request that fell due while every instance was down is still sent this late, and no later: a
 * week after the visit nobody remembers it well enough to rate it.
 */
export const REVIEW_REQUEST_STALE_DAYS = 7;

export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

/** Until when a review first written at `createdAt` may be changed. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

export function reviewEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() < reviewEditableUntil(createdAt).getTime();
}

/** Why this booking cannot be reviewed by its customer now; null when it can. */
export type ReviewRefusal = 'not_completed' | 'fixed' | 'hidden';

export function reviewRefusal(
  bookingStatus: string,
  existing: { createdAt: Date; hidden: boolean } | null,
  now: Date,
): ReviewRefusal | null {
  if (bookingStatus !== 'completed') return 'not_completed';
  if (!existing) return null;
  if (existing.hidden) return 'hidden';
  return reviewEditable(existing.createdAt, now) ? null : 'fixed';
}

export const REVIEW_REFUSAL_TEXT: Record<ReviewRefusal, string> = {
  not_completed: 'You can review an appointment once it has taken place.',
  fixed: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written; this one can no longer be changed.`,
  hidden: 'This review was hidden by our team and can no longer be changed.',
};

/** Whether a therapist with `count` visible reviews has a rating to show anyone. */
export function ratingShown(count: number, shownFrom: number): boolean {
  return count >= shownFrom;
}

/** The average as shown: one decimal place, e.g. 4.8. */
export function averageRating(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((sum / count) * 10) / 10;
}

/** "1 star", "4 stars": the words a screen reader says for a rating. */
export function starsLabel(rating: number): string {
  return `${rating} ${rating === 1 ? 'star' : 'stars'}`;
}

/** The request for a booking completed at or before this instant is due at `now`. */
export function reviewRequestsDueIfCompletedBy(now: Date, afterHours: number): Date {
  return new Date(now.getTime() - afterHours * HOUR_MS);
}

/** Whether a request that fell due may still go out at `now`. */
export function reviewRequestStillUseful(completedAt: Date, now: Date): boolean {
  return now.getTime() - completedAt.getTime() <= REVIEW_REQUEST_STALE_DAYS * DAY_MS;
}
