import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  openDatabase,
  type Database,
  type DatabaseKind,
  type OpenOptions,
} from '../server/db/client';
import {
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  uniqueDatabaseName,
  withDatabaseName,
} from './template-names';
import { testDepth } from './test-depth';

// Integration tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (see
// testDatabaseKinds for which database each file runs on). Each PostgreSQL run gets a fresh
// database of its own, dropped afterwards. Under Vitest both start as copies of a database the
// global setup migrated once (database-templates.ts).

/**
 * The databases a test file runs on. `'every'` where the database itself is under test: races and
 * locks, claims with SKIP LOCKED, constraints and triggers, migrations, money and crash recovery,
 * PGlite's one connection against PostgreSQL's pool. `'one'` where it is not (input checks,
 * routes, wording, rendering).
 *
 * Without TEST_DATABASE_URL every file runs on PGlite (`npm run test:quick` always does). With it,
 * `npm test` runs every file once, on PostgreSQL, as production does; `npm run test:deep`
 * (TEST_DEPTH=deep) runs the `'every'` files on both. So each engine sees every file in one of the
 * commands, and the repetition is left to the deep run (decisions 0075 and 0098).
 */
export function testDatabaseKinds(
  scope: 'every' | 'one',
  env: NodeJS.ProcessEnv = process.env,
): DatabaseKind[] {
  if (!env.TEST_DATABASE_URL) return ['pglite'];
  return scope === 'every' && testDepth(env) === 'deep' ? ['pglite', 'postgres'] : ['postgres'];
}

export interface TestDatabase extends Database {
  url: string | null;
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  kind: DatabaseKind,
  options: OpenOptions = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') return createPgliteTestDatabase(options);
  const blank = await createPostgresDatabase(process.env[POSTGRES_TEMPLATE_ENV]);
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

/** In memory when there is no template; otherwise a copy of the template's folder, removed after. */
async function createPgliteTestDatabase(options: OpenOptions): Promise<TestDatabase> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, options);
    await database.migrate();
    return { ...database, url: null, destroy: () => database.close() };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-test-'));
  const removeFolder = () => rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  try {
    await copyFolder(template, dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir }, options);
    await database.migrate().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return {
      ...database,
      url: null,
      destroy: async () => {
        try {
          await database.close();
        } finally {
          await removeFolder();
        }
      },
    };
  } catch (error) {
    await removeFolder();
    throw error;
  }
}

/**
 * A PGlite data folder copied from the run's migrated template, for a server or command-line
 * process to open as `DATA_DIR`: a process then starts in the time it takes to open a database,
 * not to migrate one (decision 0098). Outside Vitest's global setup there is no template, and the
 * folder is left empty for the process to migrate, as `npm start` does on a first run.
 */
export async function pgliteFolderFromTemplate(
  dataDir?: string,
): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const folder = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pglite-process-')));
  const remove = () => rm(folder, { recursive: true, force: true, maxRetries: 5 });
  const template = process.env[PGLITE_TEMPLATE_ENV];
  try {
    if (template) await copyFolder(template, folder);
    else await mkdir(folder, { recursive: true });
  } catch (error) {
    await remove();
    throw error;
  }
  return { dataDir: folder, remove };
}

/**
 * Copies a folder tree, every file at once. The template is about 1,200 small files: `fs.cp` copies
 * them one after another and took 1.1-1.4 s a database, this about 0.5 s (decision 0076).
 */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      return entry.isDirectory() ? copyFolder(source, target) : copyFile(source, target);
    }),
  );
}

/** A new, empty PostgreSQL database (no migrations applied), for tests of what happens at start. */
export function createBlankPostgresDatabase(): Promise<{ url: string; destroy(): Promise<void> }> {
  return createPostgresDatabase();
}

/** A new database: empty, or a copy of `template`. */
async function createPostgresDatabase(template?: string): Promise<{
  url: string;
  destroy(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = uniqueDatabaseName('booking_test');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
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
