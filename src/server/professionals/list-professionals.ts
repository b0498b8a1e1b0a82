import { and, eq, gt, sql } from 'drizzle-orm';
import { truncateWords } from '../../domain/format';
import type { Db } from '../db/client';
import { city, therapist, therapistService, treatment } from '../db/schema';
import type { ProfessionalSummary } from '../../contract/professionals';
import { therapistPhotoUrl } from '../media/photo-files';

// The database's collation differs between PGlite and PostgreSQL; sorting here keeps the order
// the same everywhere and right for British names.
const byName = new Intl.Collator('en-GB', { sensitivity: 'base' });

/**
 * Therapists a customer could book: active, able to take payment, in a city we serve, and offering
 * at least one treatment. Hidden ones are simply absent. An unknown city filter is an empty list.
 */
export async function listProfessionals(
  db: Db,
  filter: { city?: string | undefined } = {},
): Promise<ProfessionalSummary[]> {
  const mainTreatments = sql<number>`count(${treatment.id})::int`;
  const rows = await db
    .select({
      id: therapist.id,
      username: therapist.username,
      name: therapist.name,
      photoUrl: therapist.photoUrl,
      photoVersion: therapist.photoVersion,
      area: therapist.area,
      areaName: city.name,
      bio: therapist.bio,
      treatmentCount: mainTreatments,
    })
    .from(therapist)
    .innerJoin(city, eq(city.slug, therapist.area))
    .innerJoin(therapistService, eq(therapistService.therapistId, therapist.id))
    .innerJoin(
      treatment,
      and(
        eq(treatment.id, therapistService.treatmentId),
        eq(treatment.active, true),
        eq(treatment.isAddOn, false),
      ),
    )
    .where(
      and(
        eq(therapist.active, true),
        eq(therapist.paymentsConnected, true),
        eq(city.active, true),
        filter.city === undefined ? undefined : eq(therapist.area, filter.city),
      ),
    )
    .groupBy(therapist.id, city.slug)
    .having(gt(mainTreatments, 0));

  return rows
    .map(({ id, photoVersion, ...r }) => ({
      ...r,
      photoUrl: therapistPhotoUrl({ id, photoVersion, photoUrl: r.photoUrl }),
      bio: truncateWords(r.bio),
    }))
    .sort((a, b) => byName.compare(a.name, b.name) || (a.username < b.username ? -1 : 1));
}
