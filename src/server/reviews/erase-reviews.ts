import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import { review, reviewReport, reviewRequest } from '../db/schema-reviews';

// A deleted account's reviews (docs/decisions/0086): the comment is theirs and goes; the rating
// stays in the therapist's average, shown without a name (erased_at). The words of their reports
// go too. Requests not yet sent are settled unsent. Run in the deletion's transaction, before its
// outbox is emptied: a review request job holding a request's lock is waited for here, so an
// email it was writing is in the outbox by the time the deletion empties it.

export async function eraseReviews(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(reviewRequest)
    .set({ settledAt: now, outcome: 'no_customer' })
    .where(
      and(
        isNull(reviewRequest.settledAt),
        inArray(
          reviewRequest.bookingId,
          tx.select({ id: booking.id }).from(booking).where(eq(booking.customerId, userId)),
        ),
      ),
    );
  await tx
    .update(review)
    .set({ comment: null, erasedAt: now })
    .where(and(eq(review.customerId, userId), isNull(review.erasedAt)));
  await tx.update(reviewReport).set({ reason: null }).where(eq(reviewReport.reporterId, userId));
}
