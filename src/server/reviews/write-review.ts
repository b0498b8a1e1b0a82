import { and, eq, sql } from 'drizzle-orm';
import type { OwnReview, ReviewInput } from '../../contract/reviews';
import { REVIEW_REFUSAL_TEXT, reviewRefusal, type ReviewRefusal } from '../../domain/reviews';
import type { Db } from '../db/client';
import { review } from '../db/schema-reviews';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import { conflict, notFound, type ProblemCode } from '../http/problem';
import { ownReviewOf } from './own-reviews';

// POST /api/bookings/:id/review: the customer of a completed booking rates it, or changes their
// rating within 14 days of first writing it. The booking's row lock orders two tabs sending at
// once: the second finds the first's review and edits it, so a booking never has two. The edit is
// a compare-and-set on the time the review was last written, read under that lock.

const REVIEW_REFUSAL_CODE: Record<ReviewRefusal, ProblemCode> = {
  not_completed: 'review_not_open',
  fixed: 'review_fixed',
  hidden: 'review_hidden',
};

export async function writeReview(
  db: Db,
  customerId: string,
  bookingId: string,
  input: ReviewInput,
  now: Date,
): Promise<{ review: OwnReview; created: boolean }> {
  const comment = input.comment ? input.comment : null;
  return inTransaction(db, async (tx) => {
    const [b] = await queryRows<{ customer_id: string; therapist_id: string; status: string }>(
      tx,
      sql`select customer_id, therapist_id, status from booking where id = ${bookingId} for update`,
    );
    // Someone else's booking is indistinguishable from none.
    if (!b || b.customer_id !== customerId) throw notFound('Booking not found.');
    const [existing] = await tx.select().from(review).where(eq(review.bookingId, bookingId));
    const refusal = reviewRefusal(
      b.status,
      existing ? { createdAt: existing.createdAt, hidden: existing.hiddenAt !== null } : null,
      now,
    );
    if (refusal) throw conflict(REVIEW_REFUSAL_TEXT[refusal], REVIEW_REFUSAL_CODE[refusal]);

    if (!existing) {
      const [created] = await tx
        .insert(review)
        .values({
          bookingId,
          therapistId: b.therapist_id,
          customerId,
          rating: input.rating,
          comment,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('review insert returned nothing');
      return { review: ownReviewOf(created, now), created: true };
    }
    const [updated] = await tx
      .update(review)
      .set({ rating: input.rating, comment, updatedAt: now })
      .where(and(eq(review.id, existing.id), eq(review.updatedAt, existing.updatedAt)))
      .returning();
    // The booking's lock makes this unreachable; were it reached, nothing was written.
    if (!updated) {
      throw conflict(
        'Your review changed meanwhile. Please reload and try again.',
        'review_changed',
      );
    }
    return { review: ownReviewOf(updated, now), created: false };
  });
}
