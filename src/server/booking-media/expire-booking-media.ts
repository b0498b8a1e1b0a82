import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { purgeDeletedPhotos, UPLOAD_GRACE_MS } from './purge-booking-photos';

// The expiry of notes and photos (docs/decisions/0093): KEEP_DAYS after a booking's end (its
// travel buffer included) they are of no more use to anyone, so they go, whatever became of the
// booking. Each pass claims due photo rows with FOR UPDATE SKIP LOCKED and marks them deleted
// (any number of instances, each row once), removes the notes, then, after that has committed,
// deletes the marked rows' objects (purge-booking-photos.ts), which also finishes what a crash
// or a storage failure left of any earlier removal. An upload cut short (a row never marked
// stored) is marked too once it is an hour old.

export const EXPIRY_INTERVAL_MS = 10 * 60 * 1000;
export const KEEP_DAYS = 30;
const BATCH = 100;

type Ctx = Pick<AppContext, 'db' | 'now' | 'uploads'>;

/** One pass; answers how many photos were deleted from the storage. */
export async function expireBookingMedia(ctx: Ctx, log: WarnLog): Promise<number> {
  for (;;) {
    const now = ctx.now();
    const endedBy = new Date(now.getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000).toISOString();
    const unfinishedBy = new Date(now.getTime() - UPLOAD_GRACE_MS).toISOString();
    const marked = await inTransaction(ctx.db, async (tx) => {
      const due = await queryRows<{ id: string }>(
        tx,
        sql`select p.id from booking_photo p join booking b on b.id = p.booking_id
            where p.deleted_at is null
              and (upper(b.during) <= ${endedBy}::timestamptz
                   or (p.stored_at is null and p.created_at < ${unfinishedBy}::timestamptz))
            order by p.id
            limit ${BATCH}
            for update of p skip locked`,
      );
      if (due.length > 0) {
        const ids = sql.join(
          due.map((d) => sql`${d.id}::uuid`),
          sql`, `,
        );
        await tx.execute(
          sql`update booking_photo set deleted_at = ${now.toISOString()}::timestamptz
              where id in (${ids}) and deleted_at is null`,
        );
      }
      await tx.execute(
        sql`delete from booking_access_note n using booking b
            where b.id = n.booking_id and upper(b.during) <= ${endedBy}::timestamptz`,
      );
      return due.length;
    });
    if (marked < BATCH) break;
  }
  return purgeDeletedPhotos(ctx, log);
}
