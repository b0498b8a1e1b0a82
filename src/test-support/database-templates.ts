import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { uniqueDatabaseName, withDatabaseName } from './template-names';

// Booting PGlite and applying every migration costs about 10 s of CPU per test database, and most
// test files make one or more. So the run migrates once, in Vitest's global setup, into a PGlite
// folder and (with TEST_DATABASE_URL) a PostgreSQL template database; createTestDatabase then
// copies those instead of migrating. It still runs the migrator on the copy, which finds nothing to
// do when the template is current and applies whatever is missing otherwise.

/** A migrated PGlite folder; returns its path and how to remove it. */
export async function makePgliteTemplate(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A migrated PostgreSQL database to copy with CREATE DATABASE … TEMPLATE; nobody stays connected. */
export async function makePostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; remove(): Promise<void> }> {
  const name = uniqueDatabaseName('booking_template');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, name) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return {
    name,
    remove: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
