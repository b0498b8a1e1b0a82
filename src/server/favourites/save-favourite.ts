import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { city, therapist } from '../db/schema';
import { favourite } from '../db/schema-favourites';
import { notFound } from '../http/problem';
import { hasPublicPage } from '../professionals/get-professional';

/**
 * Saves a therapist as the customer's favourite. Saving again is the same row (idempotent), and
 * only a therapist with a public page can be saved: any other is the profile's 404, so the answer
 * never tells that a hidden therapist exists.
 */
export async function saveFavourite(db: Db, userId: string, therapistId: string): Promise<void> {
  const found = await db
    .select({ id: therapist.id })
    .from(therapist)
    .innerJoin(city, eq(city.slug, therapist.area))
    .where(and(eq(therapist.id, therapistId), hasPublicPage()))
    .limit(1);
  if (found.length === 0) throw notFound('We could not find that therapist.');
  await db.insert(favourite).values({ userId, therapistId }).onConflictDoNothing();
}
