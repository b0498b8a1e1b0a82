import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { city, therapist, therapistService, treatment } from '../db/schema';
import { notFound } from '../http/problem';
import type { Professional } from '../../contract/professionals';
import { therapistPhotoUrl } from '../media/photo-files';
import { loadProfessionalReviews } from '../reviews/therapist-reviews';

/**
 * Which therapists have a public page (joined with their city): the same rule for the page's
 * data, its 404 and the favourites (favourites/list-favourites.ts).
 */
export function hasPublicPage() {
  return and(
    eq(therapist.active, true),
    eq(therapist.paymentsConnected, true),
    eq(city.active, true),
  );
}

function isShown(wanted: string) {
  return and(eq(therapist.username, wanted), hasPublicPage());
}

/** Whether /professionals/:username has a page to show: one small query, for the web app's 404s. */
export async function hasProfessionalPage(db: Db, username: string): Promise<boolean> {
  const found = await db
    .select({ id: therapist.id })
    .from(therapist)
    .innerJoin(city, eq(city.slug, therapist.area))
    .where(isShown(username.toLowerCase()))
    .limit(1);
  return found.length > 0;
}

/**
 * A bookable therapist's public page. Unknown, inactive, unpaid and out-of-service-city therapists
 * all get the same 404, so the answer never tells anyone that a hidden therapist exists.
 */
export async function getProfessional(
  db: Db,
  username: string,
  defaultMinimumSpendPence: number,
  /** Visible reviews needed before a rating is shown (config reviews.shownFrom). */
  reviewsShownFrom: number,
): Promise<Professional> {
  // Usernames are stored lower-case; a link typed with capitals still finds its therapist.
  const wanted = username.toLowerCase();
  const found = await db
    .select({
      id: therapist.id,
      username: therapist.username,
      name: therapist.name,
      photoUrl: therapist.photoUrl,
      photoVersion: therapist.photoVersion,
      bio: therapist.bio,
      area: therapist.area,
      areaName: city.name,
      businessEnabled: therapist.businessEnabled,
      minimumSpendPence: therapist.minimumSpendPence,
    })
    .from(therapist)
    .innerJoin(city, eq(city.slug, therapist.area))
    .where(isShown(wanted))
    .limit(1);
  const row = found[0];
  if (!row) throw notFound(`We could not find a professional called "${wanted}".`);

  const treatments = await db
    .select({
      id: treatment.id,
      name: treatment.name,
      category: treatment.category,
      pricePence: treatment.pricePence,
      durationMinutes: treatment.durationMinutes,
    })
    .from(therapistService)
    .innerJoin(treatment, eq(treatment.id, therapistService.treatmentId))
    .where(
      and(
        eq(therapistService.therapistId, row.id),
        eq(treatment.active, true),
        eq(treatment.isAddOn, false),
      ),
    )
    .orderBy(asc(treatment.sortOrder), asc(treatment.name), asc(treatment.id));

  return {
    id: row.id,
    username: row.username,
    name: row.name,
    photoUrl: therapistPhotoUrl(row),
    bio: row.bio,
    area: row.area,
    areaName: row.areaName,
    businessEnabled: row.businessEnabled,
    minimumSpendPence: row.minimumSpendPence ?? defaultMinimumSpendPence,
    treatments,
    ...(await loadProfessionalReviews(db, row.id, reviewsShownFrom)),
  };
}
