import { sql } from 'drizzle-orm';
import { importCatalogue } from '../src/server/catalogue/import-catalogue';
import type { Db } from '../src/server/db/client';
import { booking, user } from '../src/server/db/schema';
import { scaleCatalogueDocument, type ScaleData } from './scale-data';

// Loads a generated data set the way production data arrives: the catalogue through the real
// importer (so its validation runs too), customers and bookings straight into their tables.

const CHUNK = 1000;

function chunked<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export interface LoadedCounts {
  cities: number;
  treatments: number;
  therapists: number;
  availabilityWindows: number;
  customers: number;
  bookings: number;
}

export async function loadScaleData(db: Db, data: ScaleData): Promise<LoadedCounts> {
  const imported = await importCatalogue(db, scaleCatalogueDocument(data));
  if (!imported.ok) {
    const first = imported.problems
      .slice(0, 5)
      .map((p) => `${p.path}: ${p.message}`)
      .join('; ');
    throw new Error(`The bench catalogue was rejected (${imported.problems.length}): ${first}`);
  }

  for (const chunk of chunked(data.customers)) {
    await db.insert(user).values(chunk);
  }
  for (const chunk of chunked(data.bookings)) {
    await db.insert(booking).values(
      chunk.map((b) => ({
        customerId: b.customerId,
        therapistId: b.therapistId,
        citySlug: b.citySlug,
        district: b.district,
        startsAt: new Date(b.startsAt),
        during: { start: new Date(b.startsAt), end: new Date(b.blockedUntil) },
        status: 'confirmed' as const,
        totalPricePence: b.totalPricePence,
        totalDurationMinutes: b.totalDurationMinutes,
        amountDuePence: b.totalPricePence,
        paymentMethod: 'card',
      })),
    );
  }
  // Statistics and visibility maps as autovacuum leaves them on a database that grew to this size.
  await db.execute(sql`vacuum analyze`);
  return {
    ...imported.counts,
    customers: data.customers.length,
    bookings: data.bookings.length,
  };
}
