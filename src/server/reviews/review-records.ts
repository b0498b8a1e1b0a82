import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReviewRecord } from '../../contract/reviews';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import { review, reviewReport } from '../db/schema-reviews';

// Reviews as the company's tools see them (internal API and admin command line): all of them,
// hidden or not, each with its reports.

const LIMIT = 200;

/** These reviews as records, in the order of the ids given. */
export async function loadReviewRecords(db: Db, ids: readonly string[]): Promise<ReviewRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ r: review, reference: booking.reference })
    .from(review)
    .innerJoin(booking, eq(booking.id, review.bookingId))
    .where(inArray(review.id, [...ids]));
  const reports = await db
    .select()
    .from(reviewReport)
    .where(inArray(reviewReport.reviewId, [...ids]))
    .orderBy(asc(reviewReport.createdAt));
  const byId = new Map(rows.map((row) => [row.r.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { r } = row;
    return [
      {
        id: r.id,
        bookingId: r.bookingId,
        bookingReference: row.reference,
        therapistId: r.therapistId,
        rating: r.rating,
        comment: r.comment,
        erased: r.erasedAt !== null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        hidden:
          r.hiddenAt && r.hiddenReason
            ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason }
            : null,
        reports: reports
          .filter((p) => p.reviewId === id)
          .map((p) => ({ reason: p.reason, at: p.createdAt.toISOString() })),
      },
    ];
  });
}

/** The latest reviews, or with `reported` those customers reported, most recently reported first. */
export async function listReviewRecords(
  db: Db,
  options: { reported: boolean },
): Promise<ReviewRecord[]> {
  const ids = options.reported
    ? await db
        .select({ id: reviewReport.reviewId })
        .from(reviewReport)
        .groupBy(reviewReport.reviewId)
        .orderBy(desc(sql`max(${reviewReport.createdAt})`), desc(reviewReport.reviewId))
        .limit(LIMIT)
    : await db
        .select({ id: review.id })
        .from(review)
        .orderBy(desc(review.createdAt), desc(review.id))
        .limit(LIMIT);
  return loadReviewRecords(
    db,
    ids.map((r) => r.id),
  );
}
