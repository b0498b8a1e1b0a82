import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createBlankPostgresDatabase } from '../../test-support/test-database';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './client';

// Instances of the server behind a load balancer start together; on a fresh database each one
// applies the migrations at boot, and every one of them must come up.

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('are applied once when several instances start together on a fresh database', async () => {
    const blank = await createBlankPostgresDatabase();
    cleanups.push(blank.destroy);
    const instances: Database[] = [];
    for (let i = 0; i < 4; i += 1) {
      const database = await openDatabase({ kind: 'postgres', url: blank.url });
      cleanups.push(() => database.close());
      instances.push(database);
    }

    const results = await Promise.allSettled(instances.map((database) => database.migrate()));

    expect(results.map((result) => (result.status === 'rejected' ? result.reason : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: blank.url });
    await client.connect();
    try {
      const applied = await client.query('SELECT hash FROM drizzle.__drizzle_migrations');
      expect(applied.rowCount).toBe(journal.entries.length);
      // Nobody is left holding the lock: a later start does not wait.
      const free = await client.query<{ locked: boolean }>(
        `SELECT count(*) > 0 AS locked FROM pg_locks WHERE locktype = 'advisory'
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(free.rows[0]?.locked).toBe(false);
    } finally {
      await client.end();
    }
    await expect(instances[0]?.migrate()).resolves.toBeUndefined();
  });
});
