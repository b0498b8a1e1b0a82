import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { therapist, user } from './schema';
import { createdAt } from './schema-columns';

/**
 * A customer's favourite therapists (docs/decisions/0088): one row per pair, so saving twice is
 * the same row. The user row outlives an account deletion (kept anonymous for the bookings), so
 * erase-personal-data.ts deletes these; the cascades cover rows whose person or therapist goes.
 */
export const favourite = pgTable(
  'favourite',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.therapistId] }),
    // The therapist's side of the cascade, without reading the whole table.
    index('favourite_therapist_idx').on(t.therapistId),
  ],
);
