import { and, eq, isNull } from 'drizzle-orm';
import type { HideAnswer } from '../../contract/reviews';
import type { Db } from '../db/client';
import { review } from '../db/schema-reviews';
import { inTransaction } from '../db/transaction';
import { notFound } from '../http/problem';
import { findBookingId } from '../booking-records/find-booking-id';
import { loadReviewRecords } from './review-records';

// The company hides a review (internal API, admin command line): from then on it counts nowhere
// publicly — not in the average, the count or the latest reviews. Never deleted: the review and
// the reason stay, for a complaint or a dispute later. Hiding twice keeps the first reason.

export async function hideReview(
  db: Db,
  bookingKey: string,
  reason: string,
  now: Date,
): Promise<HideAnswer> {
  const bookingId = await findBookingId(db, bookingKey);
  return inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ id: review.id })
      .from(review)
      .where(eq(review.bookingId, bookingId))
      .for('update');
    if (!found) throw notFound('That booking has no review.');
    const hidden = await tx
      .update(review)
      .set({ hiddenAt: now, hiddenReason: reason })
      .where(and(eq(review.id, found.id), isNull(review.hiddenAt)))
      .returning({ id: review.id });
    const [record] = await loadReviewRecords(tx, [found.id]);
    if (!record) throw notFound('That booking has no review.');
    return { ...record, alreadyHidden: hidden.length === 0 };
  });
}
