import { count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { account, city, user } from '../db/schema';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/test-database';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoData } from './seed-demo-data';

// Instances started together outside production each seed the demo data at boot, after the
// migrations. On a fresh database every one of them finds it empty; all must come up, and the
// demo data must be there once.

const NOW = new Date('2026-11-21T10:00:00Z');

for (const kind of testDatabaseKinds('every')) {
  describe(`demo data seeded by several instances at once on ${kind}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** The instances' databases: one pool each on PostgreSQL, the one embedded database on PGlite. */
    async function instances(n: number): Promise<Db[]> {
      const first = await createTestDatabase(kind);
      cleanups.push(first.destroy);
      const dbs = [first.db];
      for (let i = 1; i < n; i += 1) {
        if (first.url === null) {
          // PGlite is one process's: a second start in the same process shares it.
          dbs.push(first.db);
          continue;
        }
        const other = await openDatabase({ kind: 'postgres', url: first.url });
        cleanups.push(() => other.close());
        dbs.push(other.db);
      }
      return dbs;
    }

    // Each seed takes seconds on PGlite, and there they run one after the other.
    it('all succeed and the demo data exists once', { timeout: 120_000 }, async () => {
      const dbs = await instances(kind === 'postgres' ? 3 : 2);

      const results = await Promise.allSettled(dbs.map((db) => seedDemoData(db, NOW)));

      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(
        dbs.map(() => 'ok'),
      );
      const reports = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(reports.filter((r) => r.catalogueLoaded)).toHaveLength(1);
      expect(reports.reduce((n, r) => n + r.accountsCreated, 0)).toBe(DEMO_ACCOUNTS.length);
      const db = dbs[0] as Db;
      const [cities] = await db.select({ n: count() }).from(city);
      expect(cities?.n).toBe(2);
      for (const demo of DEMO_ACCOUNTS) {
        const users = await db.select({ id: user.id }).from(user).where(eq(user.email, demo.email));
        expect(users).toEqual([{ id: demo.id }]);
        const [credentials] = await db
          .select({ n: count() })
          .from(account)
          .where(eq(account.userId, demo.id));
        expect(credentials?.n).toBe(1);
      }
      // One upcoming and one past appointment per demo account, not one per instance.
      const bookings = await queryRows<{ customer_id: string; n: number }>(
        db,
        sql`select customer_id, count(*)::int as n from booking
            group by customer_id order by customer_id`,
      );
      expect(bookings).toEqual([
        { customer_id: 'demo-business', n: 2 },
        { customer_id: 'demo-personal', n: 2 },
      ]);
    });
  });
}
