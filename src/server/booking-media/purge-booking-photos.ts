import { and, asc, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { bookingPhoto } from '../db/schema-booking-media';
import type { WarnLog } from '../db/warn-log';

// The second half of every photo's removal (docs/decisions/0093): once a row is marked deleted
// (by the customer, the account's erasure or the expiry job) and that has committed, its object
// is deleted from the storage, then the row. A crash or a storage failure between the two leaves
// the marked row, and the next pass of the expiry job (every instance, at start and then every
// few minutes) deletes the object again, which is harmless when it is already gone.

type Ctx = Pick<AppContext, 'db' | 'now' | 'uploads'>;

const BATCH = 100;
/** An upload writes its object after its row: a marked row younger than this may still get one. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** Deletes the objects of marked rows, then the rows; answers how many went. */
export async function purgeDeletedPhotos(ctx: Ctx, log: WarnLog): Promise<number> {
  let purged = 0;
  for (;;) {
    const graceStart = new Date(ctx.now().getTime() - UPLOAD_GRACE_MS);
    const marked = await ctx.db
      .select({ id: bookingPhoto.id, storageKey: bookingPhoto.storageKey })
      .from(bookingPhoto)
      .where(
        and(
          isNotNull(bookingPhoto.deletedAt),
          or(
            isNotNull(bookingPhoto.storedAt),
            sql`${bookingPhoto.createdAt} < ${graceStart.toISOString()}::timestamptz`,
          ),
        ),
      )
      .orderBy(asc(bookingPhoto.deletedAt))
      .limit(BATCH);
    const results = await Promise.allSettled(
      marked.map((p) => ctx.uploads.storage.delete(p.storageKey)),
    );
    const gone = marked.filter((_, i) => results[i]?.status === 'fulfilled').map((p) => p.id);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) log.warn({ err: failed.reason }, 'booking photos not deleted; retried later');
    if (gone.length > 0) {
      await ctx.db
        .delete(bookingPhoto)
        .where(and(inArray(bookingPhoto.id, gone), isNotNull(bookingPhoto.deletedAt)));
    }
    purged += gone.length;
    if (marked.length < BATCH || failed) return purged;
  }
}
