import { eq } from 'drizzle-orm';
import type { TherapistRecord } from '../../contract/catalogue-document';
import { therapistRecordOf } from './export-catalogue';
import type { Db } from '../db/client';
import { availability, therapist, therapistService, treatment } from '../db/schema';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One therapist as the export writes them (same orders), or null when there is none. */
export async function loadTherapistRecord(db: Db, id: string): Promise<TherapistRecord | null> {
  const [t] = await db.select().from(therapist).where(eq(therapist.id, id));
  if (!t) return null;
  const services = await db
    .select({ id: therapistService.treatmentId, order: treatment.sortOrder })
    .from(therapistService)
    .innerJoin(treatment, eq(treatment.id, therapistService.treatmentId))
    .where(eq(therapistService.therapistId, id));
  const windows = await db
    .select({ during: availability.during })
    .from(availability)
    .where(eq(availability.therapistId, id));
  // Catalogue order, then id: the order of the export.
  const serviceIds = services
    .sort((a, b) => a.order - b.order || byText(a.id, b.id))
    .map((s) => s.id);
  return therapistRecordOf(
    t,
    serviceIds,
    windows.map((w) => w.during),
  );
}
