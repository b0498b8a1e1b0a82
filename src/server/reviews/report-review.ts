import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { review, reviewReport } from '../db/schema-reviews';
import { conflict, notFound } from '../http/problem';

// POST /api/reviews/:id/report: any signed-in customer may flag a review for the company to look
// at (GET /api/internal/reviews?reported=true), once per review. A hidden review is already dealt
// with and is, to the public, no review at all.

export async function reportReview(
  db: Db,
  reporterId: string,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const [found] = await db
    .select({ id: review.id })
    .from(review)
    .where(and(eq(review.id, reviewId), isNull(review.hiddenAt)));
  if (!found) throw notFound('Review not found.');
  const inserted = await db
    .insert(reviewReport)
    .values({ reviewId, reporterId, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ reviewId: reviewReport.reviewId });
  if (inserted.length === 0)
    throw conflict('You have already reported this review.', 'already_reported');
}
