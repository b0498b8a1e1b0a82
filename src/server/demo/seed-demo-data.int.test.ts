import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows';
import { availability, city, user } from '../db/schema';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoData } from './seed-demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const kind of testDatabaseKinds('one')) {
  describe(`demo data on ${kind}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database.destroy();
    });

    const latestWindowEnd = async () => {
      const [row] = await queryRows<{ ms: number }>(
        database.db,
        sql`select extract(epoch from max(upper(during)))::float8 * 1000 as ms from availability`,
      );
      return Number(row?.ms);
    };

    it('loads the catalogue and demo accounts once into an empty database', async () => {
      const first = await seedDemoData(database.db, new Date('2026-11-21T10:00:00Z'));
      expect(first).toMatchObject({ catalogueLoaded: true, accountsCreated: 2 });
      const [cities] = await database.db.select({ n: count() }).from(city);
      expect(cities?.n).toBe(2);
      for (const demo of DEMO_ACCOUNTS) {
        const rows = await database.db.select().from(user).where(eq(user.email, demo.email));
        expect(rows[0]?.accountType).toBe(demo.accountType);
      }
    });

    it('tops availability up to 36 days ahead on a later start, without duplicating windows', async () => {
      const later = new Date('2026-12-11T10:00:00Z');
      const before = await database.db.select({ n: count() }).from(availability);
      const report = await seedDemoData(database.db, later);
      expect(report).toMatchObject({ catalogueLoaded: false, accountsCreated: 0 });
      expect(report.windowsAdded).toBeGreaterThan(0);
      const after = await database.db.select({ n: count() }).from(availability);
      expect(after[0]?.n).toBe((before[0]?.n ?? 0) + report.windowsAdded);
      expect(await latestWindowEnd()).toBeGreaterThan(later.getTime() + 34 * DAY_MS);

      const again = await seedDemoData(database.db, later);
      expect(again.windowsAdded).toBe(0);
    });
  });
}
