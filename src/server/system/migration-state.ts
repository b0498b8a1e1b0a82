import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../db/client';
import type { MigrationState } from '../../contract/system';

let expectedCount: number | null = null;

async function expectedMigrations(): Promise<number> {
  if (expectedCount === null) {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expectedCount = journal.entries.length;
  }
  return expectedCount;
}

export async function readMigrationState(db: Db): Promise<MigrationState> {
  const expected = await expectedMigrations();
  // Both drivers answer execute() with { rows }; the shared PgDatabase type does not say so.
  const result = (await db
    .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    .catch(() => null)) as { rows: { n: number }[] } | null;
  const applied = result?.rows[0]?.n ?? 0;
  return { applied, expected, upToDate: applied === expected };
}
