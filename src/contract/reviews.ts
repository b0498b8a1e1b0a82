import { z } from 'zod';
import { REVIEW_COMMENT_MAX, REVIEW_REASON_MAX } from '../domain/reviews';
import { isOneLine, isPlainText, ONE_LINE_MESSAGE, PLAIN_TEXT_MESSAGE } from '../domain/text-lines';
import { CITY_SLUG_PATTERN } from './professional-patterns';
import { type ownReviewSchema, ratingValue } from './booking';
import { isoInstant } from './common';

export { ownReviewSchema, ratingValue } from './booking';

// Verified reviews (docs/decisions/0086): POST /api/bookings/:id/review, the customer's own
// review in the booking view, a therapist's rating and latest reviews on profiles and therapist
// cards, reports by customers, and hiding by the company (internal API).

export const reviewBody = z.strictObject({
  rating: ratingValue,
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `keep it to ${REVIEW_COMMENT_MAX.toLocaleString('en-GB')} characters`)
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)
    .optional()
    .describe('Optional; empty or left out: no comment (an edit without one removes it)'),
});

export const ratingSummarySchema = z.object({
  average: z.number().describe('Mean of the visible ratings, to one decimal place, e.g. 4.8'),
  count: z.number().int().describe('Visible (not hidden) reviews'),
});

/** One review as everyone may read it. */
export const publicReviewSchema = z.object({
  id: z.string().describe("The review's id, as POST /api/reviews/:id/report takes it"),
  rating: ratingValue,
  comment: z.string().nullable(),
  firstName: z
    .string()
    .nullable()
    .describe("The customer's first name; null once their account was deleted"),
  treatments: z.array(z.string()).describe('The treatments of the booking reviewed'),
  date: isoInstant.describe('When the review was written'),
  verified: z.literal(true).describe('Always true: only completed bookings can be reviewed'),
});

/** What a profile says of reviews: nothing until the therapist has enough of them. */
export const professionalReviewsSchema = z.object({
  rating: ratingSummarySchema
    .nullable()
    .describe('Null until the therapist has REVIEWS_SHOWN_FROM (default 3) visible reviews'),
  latestReviews: z
    .array(publicReviewSchema)
    .describe('The latest visible reviews (at most 5), newest first; empty while rating is null'),
});

export const cityRatingsParams = z.object({
  city: z.string().regex(CITY_SLUG_PATTERN, 'must be a city slug, e.g. edinburgh').max(64),
});

export const therapistRatingSchema = ratingSummarySchema.extend({ therapistId: z.string() });

export const cityRatingsAnswer = z.object({
  ratings: z
    .array(therapistRatingSchema)
    .describe("The city's therapists whose rating is shown (enough visible reviews)"),
});

export const reviewIdParams = z.object({ id: z.uuid({ message: 'must be a review id' }) });

const reason = z
  .string()
  .trim()
  .min(3, 'say why, in a few words')
  .max(REVIEW_REASON_MAX)
  .refine(isOneLine, ONE_LINE_MESSAGE);

export const reportBody = z.strictObject({
  reason: reason.describe('What is wrong with the review, e.g. "Names a different therapist"'),
});

export const reportAnswer = z.object({ reported: z.literal(true) });

export const hideReviewParams = z.object({
  bookingId: z.string().min(1).max(64).describe('The booking reviewed: its id or its reference'),
});

export const hideBody = z.strictObject({
  reason: reason.describe('Kept with the review, e.g. "Personal details of the therapist"'),
});

/** A review as the company's tools see it: everything, hidden or not, with its reports. */
export const reviewRecordSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  bookingReference: z.string(),
  therapistId: z.string(),
  rating: ratingValue,
  comment: z.string().nullable(),
  erased: z.boolean().describe("The customer's account was deleted: no comment, no name"),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  hidden: z.object({ at: isoInstant, reason: z.string() }).nullable(),
  reports: z.array(
    z.object({
      reason: z.string().nullable().describe("Null once the reporter's account was deleted"),
      at: isoInstant,
    }),
  ),
});

export const hideAnswer = reviewRecordSchema.extend({
  alreadyHidden: z.boolean().describe('true: it was hidden before; the first reason is kept'),
});

export const reviewListQuery = z.object({
  reported: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only reviews customers reported, most recently reported first'),
});

export const reviewListAnswer = z.object({
  reviews: z.array(reviewRecordSchema).describe('At most 200, newest first'),
});

export type ReviewInput = z.output<typeof reviewBody>;
export type OwnReview = z.infer<typeof ownReviewSchema>;
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
export type PublicReview = z.infer<typeof publicReviewSchema>;
export type ProfessionalReviews = z.infer<typeof professionalReviewsSchema>;
export type TherapistRating = z.infer<typeof therapistRatingSchema>;
export type CityRatingsAnswer = z.infer<typeof cityRatingsAnswer>;
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;
export type HideAnswer = z.infer<typeof hideAnswer>;
