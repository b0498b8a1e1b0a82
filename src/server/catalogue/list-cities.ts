import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { city } from '../db/schema';

export interface CityView {
  slug: string;
  name: string;
}

export async function listCities(db: Db): Promise<CityView[]> {
  return db
    .select({ slug: city.slug, name: city.name })
    .from(city)
    .where(eq(city.active, true))
    .orderBy(asc(city.name));
}

export async function findCity(db: Db, slug: string): Promise<CityView | null> {
  const rows = await db
    .select({ slug: city.slug, name: city.name })
    .from(city)
    .where(eq(city.slug, slug))
    .limit(1);
  const row = rows[0];
  return row ?? null;
}
