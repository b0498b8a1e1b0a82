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
      migrate: async () => {
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      },
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
