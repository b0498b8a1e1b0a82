import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseKind, type OpenOptions } from '../db/client';

// Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
// Each PostgreSQL run gets a fresh database of its own, dropped afterwards.

export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  url: string | null;
  destroy(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(
  kind: DatabaseKind,
  options: OpenOptions = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, options);
    await database.migrate();
    return { ...database, url: null, destroy: () => database.close() };
  }
  const blank = await createBlankPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: blank.url }, options);
  await database.migrate();
  return {
    ...database,
    url: blank.url,
    destroy: async () => {
      await database.close();
      await blank.destroy();
    },
  };
}

/** A new, empty PostgreSQL database (no migrations applied), for tests of what happens at start. */
export async function createBlankPostgresDatabase(): Promise<{
  url: string;
  destroy(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `booking_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabaseName(adminUrl, name),
    destroy: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
