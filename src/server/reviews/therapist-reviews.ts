import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  ProfessionalReviews,
  PublicReview,
  RatingSummary,
  TherapistRating,
} from '../../contract/reviews';
import { averageRating, LATEST_REVIEWS_SHOWN, ratingShown } from '../../domain/reviews';
import { firstNameOf } from '../../domain/format';
import type { Db } from '../db/client';
import { bookingItem, therapist, user } from '../db/schema';
import { review } from '../db/schema-reviews';

// What the public may read of a therapist's reviews (docs/decisions/0086): nothing until they
// have `shownFrom` visible reviews, so one review never defines anyone; then the average, the
// count and the latest few. Hidden reviews count nowhere; a deleted account's rating still
// counts, without its comment or name.

const visible = isNull(review.hiddenAt);

const summaryOf = (sum: number, count: number): RatingSummary => ({
  average: averageRating(sum, count),
  count,
});

/** One therapist's rating and latest reviews, for their profile. */
export async function loadProfessionalReviews(
  db: Db,
  therapistId: string,
  shownFrom: number,
): Promise<ProfessionalReviews> {
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${review.rating}), 0)::int`.mapWith(Number),
    })
    .from(review)
    .where(and(eq(review.therapistId, therapistId), visible));
  const count = totals?.count ?? 0;
  if (!ratingShown(count, shownFrom)) return { rating: null, latestReviews: [] };

  const rows = await db
    .select({
      id: review.id,
      bookingId: review.bookingId,
      rating: review.rating,
      comment: review.comment,
      erasedAt: review.erasedAt,
      createdAt: review.createdAt,
      name: user.name,
    })
    .from(review)
    .innerJoin(user, eq(user.id, review.customerId))
    .where(and(eq(review.therapistId, therapistId), visible))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(LATEST_REVIEWS_SHOWN);
  const items = await db
    .select({ bookingId: bookingItem.bookingId, name: bookingItem.name })
    .from(bookingItem)
    .where(
      and(
        inArray(
          bookingItem.bookingId,
          rows.map((r) => r.bookingId),
        ),
        eq(bookingItem.isAddOn, false),
      ),
    )
    .orderBy(bookingItem.bookingId, bookingItem.position);
  const treatments = new Map<string, string[]>();
  for (const item of items) {
    treatments.set(item.bookingId, [...(treatments.get(item.bookingId) ?? []), item.name]);
  }
  const latestReviews: PublicReview[] = rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.erasedAt ? null : r.comment,
    firstName: r.erasedAt ? null : firstNameOf(r.name),
    treatments: treatments.get(r.bookingId) ?? [],
    date: r.createdAt.toISOString(),
    verified: true,
  }));
  return { rating: summaryOf(totals?.sum ?? 0, count), latestReviews };
}

/** The ratings shown for a city's therapists, for the therapist cards of the booking flow. */
export async function listCityRatings(
  db: Db,
  city: string,
  shownFrom: number,
): Promise<TherapistRating[]> {
  const rows = await db
    .select({
      therapistId: review.therapistId,
      count: sql<number>`count(*)::int`.mapWith(Number),
      sum: sql<number>`sum(${review.rating})::int`.mapWith(Number),
    })
    .from(review)
    .innerJoin(therapist, eq(therapist.id, review.therapistId))
    .where(and(eq(therapist.area, city), visible))
    .groupBy(review.therapistId)
    .having(sql`count(*) >= ${shownFrom}`)
    .orderBy(review.therapistId);
  return rows.map((r) => ({ therapistId: r.therapistId, ...summaryOf(r.sum, r.count) }));
}
