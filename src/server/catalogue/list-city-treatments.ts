import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { city, therapist, therapistService, treatment, treatmentAddOn } from '../db/schema';
import { notFound } from '../http/problem';
import type { Treatment } from '../../contract/catalogue';

/**
 * Active treatments that at least one bookable therapist of the city offers, in catalogue order.
 * Add-ons are listed too (the client shows them under their selected parent).
 */
export async function listCityTreatments(db: Db, citySlug: string): Promise<Treatment[]> {
  const found = await db
    .select({ slug: city.slug })
    .from(city)
    .where(and(eq(city.slug, citySlug), eq(city.active, true)));
  if (found.length === 0) throw notFound(`We do not offer treatments in "${citySlug}" yet.`);

  const offeredInCity = db
    .selectDistinct({ id: therapistService.treatmentId })
    .from(therapistService)
    .innerJoin(therapist, eq(therapist.id, therapistService.therapistId))
    .where(
      and(
        eq(therapist.area, citySlug),
        eq(therapist.active, true),
        eq(therapist.paymentsConnected, true),
      ),
    );

  const rows = await db
    .select({
      id: treatment.id,
      name: treatment.name,
      category: treatment.category,
      description: treatment.description,
      pricePence: treatment.pricePence,
      durationMinutes: treatment.durationMinutes,
      order: treatment.sortOrder,
      isAddOn: treatment.isAddOn,
    })
    .from(treatment)
    .where(and(eq(treatment.active, true), inArray(treatment.id, offeredInCity)))
    .orderBy(asc(treatment.sortOrder), asc(treatment.name));

  const ids = new Set(rows.map((r) => r.id));
  const links = rows.length
    ? await db
        .select({ parentId: treatmentAddOn.parentId, addOnId: treatmentAddOn.addOnId })
        .from(treatmentAddOn)
        .where(inArray(treatmentAddOn.parentId, [...ids]))
        .orderBy(sql`1`)
    : [];
  const orderOf = new Map(rows.map((r, i) => [r.id, i]));
  const addOnsByParent = new Map<string, string[]>();
  for (const link of links) {
    if (!ids.has(link.addOnId)) continue;
    const list = addOnsByParent.get(link.parentId) ?? [];
    list.push(link.addOnId);
    addOnsByParent.set(link.parentId, list);
  }
  return rows.map((r) => ({
    ...r,
    addOnIds: (addOnsByParent.get(r.id) ?? []).sort(
      (a, b) => (orderOf.get(a) ?? 0) - (orderOf.get(b) ?? 0),
    ),
  }));
}
