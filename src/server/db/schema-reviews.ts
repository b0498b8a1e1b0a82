import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { booking, therapist, user } from './schema';
import { createdAt, ts, updatedAt } from './schema-columns';

// Verified reviews (docs/decisions/0086): one per completed booking, written by its customer,
// changeable for 14 days, hidden by the company with a reason (never deleted), reported by
// customers, and the request to write one, sent once a few hours after the visit.

export const REVIEW_REQUEST_OUTCOMES = [
  'sent',
  'already_reviewed',
  'too_late',
  'no_customer',
] as const;
export type ReviewRequestOutcome = (typeof REVIEW_REQUEST_OUTCOMES)[number];

export const review = pgTable(
  'review',
  {
    /** Shown publicly (a report names it) instead of the booking's id. */
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => booking.id),
    /** The booking's therapist, kept here so a profile's rating is one indexed read. */
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => user.id),
    rating: integer('rating').notNull(),
    /** Null when none was written, or once the customer's account was erased. */
    comment: text('comment'),
    /** When the customer's account was erased: the rating stays in the average, without a name. */
    erasedAt: ts('erased_at'),
    /** Hidden by the company: counted nowhere publicly, kept with the reason. */
    hiddenAt: ts('hidden_at'),
    hiddenReason: text('hidden_reason'),
    /** First written: the 14 days of changes run from here. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('review_therapist_idx').on(t.therapistId, t.createdAt),
    index('review_customer_idx').on(t.customerId),
    check('review_rating', sql`${t.rating} BETWEEN 1 AND 5`),
    check('review_comment_length', sql`char_length(${t.comment}) BETWEEN 1 AND 1000`),
    check('review_hidden_reason', sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);

/** A customer's report of a review: once per customer and review, for the company to look at. */
export const reviewReport = pgTable(
  'review_report',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => review.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id),
    /** Null once the reporter's account was erased. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.reporterId] }),
    index('review_report_created_idx').on(t.createdAt),
  ],
);

/**
 * The "How was your treatment?" request a completed booking owes its customer: written by the
 * database when the booking becomes completed (trigger in migration 0020), claimed and settled
 * once by the review request job.
 */
export const reviewRequest = pgTable(
  'review_request',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => booking.id, { onDelete: 'cascade' }),
    /** When the booking was completed (by the job or the therapist's finished step). */
    completedAt: ts('completed_at').notNull(),
    settledAt: ts('settled_at'),
    outcome: text('outcome').$type<ReviewRequestOutcome>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_request_due_idx')
      .on(t.completedAt)
      .where(sql`${t.settledAt} IS NULL`),
    check(
      'review_request_outcome',
      sql`(${t.settledAt} IS NULL) = (${t.outcome} IS NULL) AND (${t.outcome} IS NULL OR ${t.outcome} IN ('sent', 'already_reviewed', 'too_late', 'no_customer'))`,
    ),
  ],
);
