import { and, desc, eq } from 'drizzle-orm';
import type { Favourite } from '../../contract/favourites';
import type { Db } from '../db/client';
import { city, therapist } from '../db/schema';
import { favourite } from '../db/schema-favourites';
import { therapistPhotoUrl } from '../media/photo-files';
import { hasPublicPage } from '../professionals/get-professional';

/**
 * The customer's favourites, latest first: what a profile card shows. A therapist without a
 * public page now (left, paused, city closed) is left out but kept, so they come back with it.
 */
export async function listFavourites(db: Db, userId: string): Promise<Favourite[]> {
  const rows = await db
    .select({
      id: therapist.id,
      username: therapist.username,
      name: therapist.name,
      photoUrl: therapist.photoUrl,
      photoVersion: therapist.photoVersion,
      area: therapist.area,
      areaName: city.name,
      savedAt: favourite.createdAt,
    })
    .from(favourite)
    .innerJoin(therapist, eq(therapist.id, favourite.therapistId))
    .innerJoin(city, eq(city.slug, therapist.area))
    .where(and(eq(favourite.userId, userId), hasPublicPage()))
    .orderBy(desc(favourite.createdAt), therapist.name);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    photoUrl: therapistPhotoUrl(row),
    area: row.area,
    areaName: row.areaName,
    savedAt: row.savedAt.toISOString(),
  }));
}
