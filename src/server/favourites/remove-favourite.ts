import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { favourite } from '../db/schema-favourites';

/**
 * Removes a favourite. Removing one that is not there (twice, or a therapist who has since left)
 * is the same success: the customer's intent, no favourite, holds either way.
 */
export async function removeFavourite(db: Db, userId: string, therapistId: string): Promise<void> {
  await db
    .delete(favourite)
    .where(and(eq(favourite.userId, userId), eq(favourite.therapistId, therapistId)));
}
