import { count } from 'drizzle-orm';
import { inTransactionUnderLock } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { city } from '../db/schema';
import { buildDemoCatalogue } from '../catalogue/demo-catalogue';
import { importCatalogue } from '../catalogue/import-catalogue';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoHistory, type HistoryReport } from './demo-history';
import { topUpDemoAvailability } from './top-up-demo-availability';

export interface SeedReport {
  catalogueLoaded: boolean;
  accountsCreated: number;
  windowsAdded: number;
  /** What the demo accounts' history needed today (docs/decisions/0026). */
  history: HistoryReport;
}

/**
 * Outside production: load the demo catalogue into an empty database, make sure the demo
 * accounts exist, keep the demo therapists' availability reaching 36 days ahead, and keep the
 * demo accounts' history (address, card, credit, a past and an upcoming appointment) fresh.
 *
 * Instances started together each seed after migrating, and on a fresh database each would find
 * it empty and insert the same accounts: so, as the migrations, one seeds at a time. In one
 * transaction under an advisory lock, the next waits for the commit and finds nothing to do.
 * Nothing here calls the network.
 */
export async function seedDemoData(db: Db, now: Date): Promise<SeedReport> {
  return inTransactionUnderLock(db, 'seed-demo-data', (tx) => seed(tx, now));
}

async function seed(db: Db, now: Date): Promise<SeedReport> {
  const catalogue = buildDemoCatalogue(now);
  const [row] = await db.select({ n: count() }).from(city);
  let catalogueLoaded = false;
  if ((row?.n ?? 0) === 0) {
    const result = await importCatalogue(db, catalogue);
    if (!result.ok) {
      const lines = result.problems.map((p) => `${p.path}: ${p.message}`).join('\n');
      throw new Error(`The demo catalogue is invalid:\n${lines}`);
    }
    catalogueLoaded = true;
  }
  const accountsCreated = await seedDemoAccounts(db);
  const windowsAdded = catalogueLoaded
    ? 0
    : await topUpDemoAvailability(
        db,
        (catalogue.therapists ?? []).map((t) => t.id),
        now,
      );
  // After the availability: the upcoming appointment is placed inside it.
  const history = await seedDemoHistory(db, now);
  return { catalogueLoaded, accountsCreated, windowsAdded, history };
}
