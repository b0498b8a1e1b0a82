import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import { listenOnOwnConnection, listenOnPool, type Listen } from './notifications';
import * as core from './schema';
import * as bookingMedia from './schema-booking-media';
import * as favourites from './schema-favourites';
import * as reviews from './schema-reviews';
import * as waitlist from './schema-waitlist';

// The tables of schema.ts and of the part files beside it, which import schema.ts and so cannot be
// gathered by it.
const schema = { ...core, ...reviews, ...favourites, ...waitlist, ...bookingMedia };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel (db/notifications.ts): on PostgreSQL on a connection of its own, on
   * PGlite on the one pooled session. Close the subscription before the database.
   */
  listen: Listen;
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

/**
 * Opens PGlite (in a folder, or in memory when dataDir is null) or a PostgreSQL pool. PGlite runs
 * on its own thread and is reached like PostgreSQL, through node-postgres: one driver, one set of
 * type parsers, and the server's event loop stays free while a query runs.
 */
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
      listen: listenOnOwnConnection(target.url),
      close: () => pool.end(),
    };
  }
  const embedded = await startEmbeddedPostgres(target.dataDir);
  // PGlite has one session: one connection, so a transaction holds it and every other query
  // waits for the commit, never running inside someone else's transaction.
  const pool = new pg.Pool({
    host: embedded.host,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    await embedded.stop();
    throw error;
  }
  const db = drizzlePg(pool, { schema, logger });
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    listen: listenOnPool(pool),
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
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
