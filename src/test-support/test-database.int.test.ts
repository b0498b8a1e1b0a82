import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../server/db/client';
import { city } from '../server/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test-database';

// Test databases are copies of one the run migrated once (decision 0069): each must still start
// fully migrated, and be a database of its own, whatever the others do.

const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
);
const MIGRATIONS = (journal as { entries: unknown[] }).entries.length;

describe.each(testDatabaseKinds('every'))('test databases on %s', (kind) => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(made.map((database) => database.destroy()));
  });

  it('start with every migration applied and nothing else, and share nothing', async () => {
    const first = await createTestDatabase(kind);
    made.push(first);
    const second = await createTestDatabase(kind);
    made.push(second);
    for (const database of [first, second]) {
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows[0]?.n).toBe(MIGRATIONS);
      expect(await database.db.select().from(city)).toEqual([]);
    }
    await first.db.insert(city).values({ slug: 'only-here', name: 'Only Here' });
    expect((await first.db.select().from(city)).map((c) => c.slug)).toEqual(['only-here']);
    expect(await second.db.select().from(city)).toEqual([]);
    const third = await createTestDatabase(kind);
    made.push(third);
    expect(await third.db.select().from(city)).toEqual([]);
    // Three PGlite boots on a loaded 2-core machine: a limit, not an assertion.
  }, 120_000);
});
