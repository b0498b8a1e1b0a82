import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../server/db/client';
import { uniqueDatabaseName, withDatabaseName } from './template-names';

// Booting PGlite and applying every migration costs about 10 s of CPU per test database, and most
// test files make one or more. So the run migrates once, in Vitest's global setup, into a PGlite
// folder and (with TEST_DATABASE_URL) a PostgreSQL template database; createTestDatabase then
// copies those instead of migrating. It still runs the migrator on the copy, which finds nothing to
// do when the template is current and applies whatever is missing otherwise.

const KEPT_TEMPLATES = path.resolve(
  import.meta.dirname,
  '../../node_modules/.cache/pglite-templates',
);

/**
 * A migrated PGlite folder kept between runs, named after what it is made of: every migration file
 * and the PGlite version. A run whose migrations are unchanged starts from the last one instead of
 * spending about 8 s making it again; a changed or new migration makes (and keeps) a new one, and
 * the old ones are removed. Made in a folder of its own and renamed into place, so two runs
 * starting at once never see half of one. Tests only ever copy it.
 */
export async function keptPgliteTemplate(): Promise<string> {
  const pgliteManifest = path.resolve(
    import.meta.dirname,
    '../../node_modules/@electric-sql/pglite/package.json',
  );
  const version = (JSON.parse(await readFile(pgliteManifest, 'utf8')) as { version: string })
    .version;
  const name = await templateName(MIGRATIONS_FOLDER, version);
  const kept = path.join(KEPT_TEMPLATES, name);
  await mkdir(KEPT_TEMPLATES, { recursive: true });
  const existing = await readdir(KEPT_TEMPLATES);
  if (existing.includes(name)) return kept;
  const made = await makePgliteTemplate(KEPT_TEMPLATES);
  try {
    await rename(made.dir, kept);
  } catch (error) {
    await made.remove();
    // Another run kept the same template first: use that one.
    if (!(await readdir(KEPT_TEMPLATES)).includes(name)) throw error;
  }
  for (const old of existing.filter((entry) => entry !== name && entry.startsWith('pglite-')))
    await rm(path.join(KEPT_TEMPLATES, old), { recursive: true, force: true });
  return kept;
}

/**
 * The kept template's name: a hash of every migration file (name and content, journal included)
 * and the PGlite version, so an edited migration, not only a new one, makes a new template.
 */
export async function templateName(migrations: string, pgliteVersion: string): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of (await readdir(migrations, { recursive: true })).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(await readFile(path.join(migrations, file)));
  }
  return `pglite-${hash.digest('hex').slice(0, 16)}`;
}

/** A migrated PGlite folder; returns its path and how to remove it. */
export async function makePgliteTemplate(
  parent = os.tmpdir(),
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(parent, 'making-'));
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
