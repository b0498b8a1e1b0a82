import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  openDatabase,
  type Database,
  type DatabaseKind,
  type OpenOptions,
} from '../server/db/client';

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
      // pg's pool.end() resolves as soon as it has asked its connections to close, not when they
      // have: forcing the drop at once kills them mid-goodbye, an error no one is listening for.
      // Let them finish first (briefly); FORCE only removes what truly lingers.
      for (let i = 0; i < 100; i++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
