import { eq } from 'drizzle-orm';
import type { TherapistRecord } from '../../contract/catalogue-document';
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
  return {
    id: t.id,
    username: t.username,
    name: t.name,
    bio: t.bio,
    photoUrl: t.photoUrl,
    active: t.active,
    business: t.businessEnabled,
    paymentsConnected: t.paymentsConnected,
    paymentAccountId: t.paymentAccountId,
    area: t.area,
    genders: t.acceptedGenders as TherapistRecord['genders'],
    minimumSpendPence: t.minimumSpendPence,
    email: t.email,
    homePostcode: t.homePostcode,
    travelMode: t.travelMode,
    maxTravelMinutes: t.maxTravelMinutes,
    coveredDistricts: t.coveredDistricts,
    // Catalogue order, then id: the order of the export.
    serviceIds: services.sort((a, b) => a.order - b.order || byText(a.id, b.id)).map((s) => s.id),
    availability: windows
      .map((w) => w.during)
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime())
      .map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString() })),
  };
}
