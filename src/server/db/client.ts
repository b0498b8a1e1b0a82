import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export function databaseTarget(config: {
  databaseUrl: string | null;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

// Any fixed number will do, as long as nothing else in the database takes an advisory lock with it.
const MIGRATION_LOCK_KEY = 4_711_202_609;

export interface OpenOptions {
  /** Called with every statement; tests use it to count queries per request. */
  onQuery?: (query: string) => void;
}

/** Opens PGlite (in a folder, or in memory when dataDir is null) or a PostgreSQL pool. */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<Database> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // Fail at boot, with the server's own words, rather than on the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema, logger });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateSerially(pool),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    extensions: { btree_gist },
  });
  const db = drizzlePglite(client, { schema, logger });
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: () => client.close(),
  };
}

/**
 * Several instances starting together on a fresh database would each see no migrations applied and
 * all run the first one; the losers fail on CREATE TABLE. A session-level advisory lock on one
 * connection, held across drizzle's migrator, makes the others wait and then find nothing to do.
 */
async function migrateSerially(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    // Ending the session releases the lock whatever state the connection was left in.
    client.release(true);
    throw error;
  }
  await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).then(
    () => client.release(),
    () => client.release(true),
  );
}
