import { inArray } from 'drizzle-orm';
import type { OwnReview } from '../../contract/reviews';
import { reviewEditable, reviewEditableUntil } from '../../domain/reviews';
import type { Db } from '../db/client';
import { review } from '../db/schema-reviews';

// The customer's own review of a booking, as their booking view carries it (the appointment page
// shows it and offers "Edit" while it can still be changed).

export type ReviewRow = typeof review.$inferSelect;

export function ownReviewOf(row: ReviewRow, now: Date): OwnReview {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(row.createdAt).toISOString(),
    editable: row.hiddenAt === null && reviewEditable(row.createdAt, now),
    hidden: row.hiddenAt !== null,
  };
}

/** The reviews of these bookings, by booking id; one query, none for no bookings. */
export async function loadOwnReviews(
  db: Db,
  bookingIds: readonly string[],
  now: Date,
): Promise<Map<string, OwnReview>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(review)
    .where(inArray(review.bookingId, [...bookingIds]));
  return new Map(rows.map((r) => [r.bookingId, ownReviewOf(r, now)]));
}
