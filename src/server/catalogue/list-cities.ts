import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { city } from '../db/schema';
import type { City } from '../../contract/catalogue';

export async function listCities(db: Db): Promise<City[]> {
  return db
    .select({ slug: city.slug, name: city.name })
    .from(city)
    .where(eq(city.active, true))
    .orderBy(asc(city.name));
}

/** Whether customers can open this city's pages: one indexed lookup, for the web app's 404s. */
export async function isActiveCity(db: Db, slug: string): Promise<boolean> {
  const rows = await db
    .select({ slug: city.slug })
    .from(city)
    .where(and(eq(city.slug, slug), eq(city.active, true)))
    .limit(1);
  return rows.length > 0;
}
