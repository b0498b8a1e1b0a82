import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { address, booking, city, therapist, user } from './schema';
import { createdAt, ts, updatedAt } from './schema-columns';

// The waitlist (docs/decisions/0089): a customer waits for a time in a city, for treatments,
// within a date range; when one opens the matcher holds it for them alone (a real held booking)
// and tells them, one entry at a time in order of joining.

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'fulfilled', 'left', 'expired'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];
export const WAITLIST_OFFER_STATUSES = ['offered', 'taken', 'lapsed'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

export const waitlistEntry = pgTable(
  'waitlist_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    citySlug: text('city_slug')
      .notNull()
      .references(() => city.slug),
    treatmentIds: text('treatment_ids').array().notNull(),
    /** Only this therapist's times; null: anyone who can take the booking. */
    therapistId: text('therapist_id').references(() => therapist.id),
    /** Where the treatment will be: the saved address an offer's hold is made for. */
    addressId: uuid('address_id').references(() => address.id, { onDelete: 'set null' }),
    /** The address's postcode as joined, for the list (the address may change or go). */
    postcode: text('postcode').notNull(),
    /** UK calendar dates, both included. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** UK wall-clock minutes after midnight: the earliest and latest start; null: any. */
    earliestMinute: integer('earliest_minute'),
    latestMinute: integer('latest_minute'),
    status: text('status').$type<WaitlistEntryStatus>().notNull().default('waiting'),
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The matcher's queue, in order of joining.
    index('waitlist_entry_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entry_customer_idx').on(t.customerId),
    check('waitlist_entry_status', sql`${t.status} IN ('waiting', 'fulfilled', 'left', 'expired')`),
    check('waitlist_entry_dates', sql`${t.fromDate} <= ${t.toDate}`),
    check(
      'waitlist_entry_times',
      sql`(${t.earliestMinute} IS NULL OR ${t.earliestMinute} BETWEEN 0 AND 1439) AND (${t.latestMinute} IS NULL OR ${t.latestMinute} BETWEEN 0 AND 1439) AND (${t.earliestMinute} IS NULL OR ${t.latestMinute} IS NULL OR ${t.earliestMinute} < ${t.latestMinute})`,
    ),
  ],
);

export const waitlistOffer = pgTable(
  'waitlist_offer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntry.id, { onDelete: 'cascade' }),
    /** The held booking that keeps the time for this customer alone until expiresAt. */
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => booking.id),
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id),
    startsAt: ts('starts_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The link's secret: the offer page is opened by it, by its customer only. */
    token: text('token').notNull().unique(),
    status: text('status').$type<WaitlistOfferStatus>().notNull().default('offered'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open offer per entry, whatever two instances do at once.
    uniqueIndex('waitlist_offer_one_open_per_entry')
      .on(t.entryId)
      .where(sql`${t.status} = 'offered'`),
    // A time offered to an entry once is never offered to it again (it lapsed: the next is asked).
    uniqueIndex('waitlist_offer_once_per_time').on(t.entryId, t.therapistId, t.startsAt),
    index('waitlist_offer_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('waitlist_offer_status', sql`${t.status} IN ('offered', 'taken', 'lapsed')`),
  ],
);

/**
 * One row: the matcher's lease. A pass runs on one instance at a time, so entries are asked in
 * order of joining even with many instances; the offer's own checks keep it right if two overlap.
 */
export const waitlistPass = pgTable('waitlist_pass', {
  id: integer('id').primaryKey(),
  runningUntil: ts('running_until').notNull(),
});
