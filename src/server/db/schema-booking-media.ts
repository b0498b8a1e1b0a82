import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { booking } from './schema';
import { createdAt, ts, updatedAt } from './schema-columns';

// What a customer tells their therapist before an upcoming booking (docs/decisions/0093): access
// notes and up to five photos. Tables of their own, so the booking row and every read of it stay
// as they are. Both go with the account's erasure and 30 days after the appointment's end.

/** One booking's access notes (parking, door code, stairs, pets); no row: none. */
export const bookingAccessNote = pgTable(
  'booking_access_note',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => booking.id),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('booking_access_note_length', sql`char_length(${t.text}) BETWEEN 1 AND 1000`)],
);

/**
 * A photo for the therapist, re-encoded by the server. The row is written before the object, so
 * every object the storage holds has a row that leads to it: storedAt is set once the object is
 * written; deletedAt once it is to go (the customer removed it, the account was erased, or the
 * appointment ended 30 days ago). The object is deleted after that commits, then the row.
 */
export const bookingPhoto = pgTable(
  'booking_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
    storedAt: ts('stored_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('booking_photo_live_idx')
      .on(t.bookingId)
      .where(sql`${t.deletedAt} IS NULL`),
    index('booking_photo_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('booking_photo_content_type', sql`${t.contentType} IN ('image/jpeg', 'image/webp')`),
    check('booking_photo_sizes', sql`${t.bytes} > 0 AND ${t.width} > 0 AND ${t.height} > 0`),
  ],
);
