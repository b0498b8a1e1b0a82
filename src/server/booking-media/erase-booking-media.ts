import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Part of an account's erasure, in its transaction (account/erase-personal-data.ts): the notes of
 * every booking of theirs go, and every photo is marked deleted. The objects themselves are
 * deleted once the erasure has committed (purge-booking-photos.ts, called by the deletion route
 * and, should that fail, by the expiry job's next pass).
 */
export async function eraseBookingMedia(tx: Db, userId: string, now: Date): Promise<void> {
  const theirs = sql`(select id from booking where customer_id = ${userId})`;
  await tx.execute(sql`delete from booking_access_note where booking_id in ${theirs}`);
  await tx.execute(
    sql`update booking_photo set deleted_at = ${now.toISOString()}::timestamptz
        where deleted_at is null and booking_id in ${theirs}`,
  );
}
