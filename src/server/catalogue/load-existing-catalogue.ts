import type { Db } from '../db/client';
import { city, therapist, treatment, treatmentAddOn } from '../db/schema';
import type { ExistingCatalogue } from './validate-catalogue';

/** What a catalogue document is checked against: keys, usernames, treatments and add-on links. */
export async function loadExistingCatalogue(db: Db): Promise<ExistingCatalogue> {
  // One after the other: inside a transaction they share one connection.
  const cities = await db.select({ slug: city.slug }).from(city);
  // Whole treatments (there are tens, not thousands): the company's `services` copies are checked
  // against what is stored.
  const treatments = await db.select().from(treatment);
  const therapists = await db
    .select({ id: therapist.id, username: therapist.username })
    .from(therapist);
  const links = await db
    .select({ parentId: treatmentAddOn.parentId, addOnId: treatmentAddOn.addOnId })
    .from(treatmentAddOn);
  const addOnLinks = new Map<string, string[]>();
  for (const link of links) {
    addOnLinks.set(link.parentId, [...(addOnLinks.get(link.parentId) ?? []), link.addOnId]);
  }
  return {
    cityIds: new Set(cities.map((c) => c.slug)),
    treatmentIds: new Map(
      treatments.map((t) => [
        t.id,
        {
          isAddOn: t.isAddOn,
          stored: {
            name: t.name,
            category: t.category,
            description: t.description,
            pricePence: t.pricePence,
            durationMinutes: t.durationMinutes,
            order: t.sortOrder,
            addOn: t.isAddOn,
            active: t.active,
          },
        },
      ]),
    ),
    usernames: new Map(therapists.map((t) => [t.username, t.id])),
    addOnLinks,
  };
}
