import type { Db } from '../db/client';
import {
  availability,
  city,
  therapist,
  therapistService,
  treatment,
  treatmentAddOn,
} from '../db/schema';
import type { CatalogueDocument, TherapistRecord } from '../../contract/catalogue-document';

// Code-unit order, not the database's collation: the same on PGlite, PostgreSQL and every machine.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One therapist in the import format: their ids of treatments already in catalogue order, their
 * windows in time order. The export and one therapist's read (load-therapist-record.ts) share it.
 */
export function therapistRecordOf(
  t: typeof therapist.$inferSelect,
  serviceIds: string[],
  windows: { start: Date; end: Date }[],
): TherapistRecord {
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
    serviceIds,
    availability: [...windows]
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime())
      .map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString() })),
  };
}

function groupBy<T, V>(
  rows: T[],
  keyOf: (row: T) => string,
  valueOf: (row: T) => V,
): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = out.get(key);
    if (list) list.push(valueOf(row));
    else out.set(key, [valueOf(row)]);
  }
  return out;
}

/**
 * The whole catalogue in the import format, every list in a fixed order, so that exporting,
 * importing the result and exporting again gives the same bytes.
 */
export async function exportCatalogue(db: Db): Promise<CatalogueDocument> {
  // One snapshot: an import committing half-way through the reads must not leave dangling ids.
  const { cities, treatments, links, therapists, services, windows } = await db.transaction(
    async (tx) => ({
      cities: await tx.select().from(city),
      treatments: await tx.select().from(treatment),
      links: await tx.select().from(treatmentAddOn),
      therapists: await tx.select().from(therapist),
      services: await tx.select().from(therapistService),
      windows: await tx
        .select({ therapistId: availability.therapistId, during: availability.during })
        .from(availability),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  cities.sort((a, b) => byText(a.slug, b.slug));
  treatments.sort((a, b) => a.sortOrder - b.sortOrder || byText(a.id, b.id));
  therapists.sort((a, b) => byText(a.id, b.id));

  // Related ids follow catalogue order, the order customers see them in.
  const position = new Map(treatments.map((t, i) => [t.id, i]));
  const byCatalogueOrder = (a: string, b: string) =>
    (position.get(a) ?? 0) - (position.get(b) ?? 0) || byText(a, b);
  const addOnsOf = groupBy(
    links,
    (l) => l.parentId,
    (l) => l.addOnId,
  );
  const servicesOf = groupBy(
    services,
    (s) => s.therapistId,
    (s) => s.treatmentId,
  );
  const windowsOf = groupBy(
    windows,
    (w) => w.therapistId,
    (w) => w.during,
  );

  return {
    cities: cities.map((c) => ({ slug: c.slug, name: c.name, active: c.active })),
    treatments: treatments.map((t) => ({
      id: t.id,
      name: t.name,
      category: t.category,
      description: t.description,
      pricePence: t.pricePence,
      durationMinutes: t.durationMinutes,
      order: t.sortOrder,
      addOn: t.isAddOn,
      addOnIds: (addOnsOf.get(t.id) ?? []).sort(byCatalogueOrder),
      active: t.active,
    })),
    therapists: therapists.map((t) =>
      therapistRecordOf(
        t,
        (servicesOf.get(t.id) ?? []).sort(byCatalogueOrder),
        windowsOf.get(t.id) ?? [],
      ),
    ),
  };
}
