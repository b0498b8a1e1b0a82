import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT_MS, runCli, runCliProcess } from '../test-support/run-cli';
import { serveDataDir } from '../test-support/serve-data-dir';
import { buildTestApp } from '../test-support/test-app';
import { exportCatalogue } from '../server/catalogue/export-catalogue';
import { openDatabase, type Db } from '../server/db/client';
import { acquireDataDirLock, type DataDirLock } from '../server/db/data-dir-lock';
import { city, therapist, user } from '../server/db/schema';
import {
  createTestDatabase,
  pgliteFolderFromTemplate,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database';

const catalogue = {
  cities: [{ slug: 'edinburgh', name: 'Edinburgh' }],
  treatments: [
    {
      id: 'massage',
      name: 'Massage',
      category: 'Massage',
      pricePence: 5000,
      durationMinutes: 60,
      addOnIds: ['stones'],
    },
    {
      id: 'stones',
      name: 'Hot stones',
      category: 'Massage',
      pricePence: 1500,
      durationMinutes: 15,
      addOn: true,
    },
  ],
  therapists: [
    {
      id: 't-isla',
      username: 'isla',
      name: 'Isla',
      active: true,
      area: 'edinburgh',
      serviceIds: ['massage', 'stones'],
      availability: [
        { start: '2026-12-01T09:00:00Z', end: '2026-12-01T17:00:00Z' },
        { start: '2026-12-02T09:00:00Z', end: '2026-12-02T17:00:00Z' },
      ],
    },
  ],
};
const invalid = {
  cities: [{ slug: 'edinburgh', name: 'Edinburgh' }],
  treatments: [{ ...catalogue.treatments[0], addOnIds: ['ghost'] }],
  therapists: [{ ...catalogue.therapists[0], area: 'york', serviceIds: ['massage', 'massage'] }],
};

let workDir: string;
const file = async (name: string, content: unknown) => {
  const target = path.join(workDir, name);
  await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('admin command line: usage and input', () => {
  const env = () => ({ DATA_DIR: path.join(workDir, 'untouched') });

  // These two, the round trip below and the server's lock below run `npm run admin`'s own process:
  // its exit code, output streams and settings from the environment. The rest run its code here
  // (test-support/run-cli.ts), which is the same commands without a Node start each.
  it('prints help and exits 0', async () => {
    const run = await runCliProcess(['help'], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: npm run admin -- <command>');
  });

  it('exits 2 with the usage for a missing or unknown command or a bad option', async () => {
    for (const args of [[], ['frobnicate'], ['roles', 'a@b.c', '--therapist=maybe']]) {
      const run = await runCli(args, env());
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- <command>');
    }
  });

  it('exits 2 on a configuration error', async () => {
    const run = await runCliProcess(['export'], { DATABASE_URL: 'mysql://localhost/x' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// connection string');
  });

  it('exits 1 with a readable message for a missing or non-JSON file, before opening anything', async () => {
    const missing = await runCli(['import', path.join(workDir, 'nope.json')], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Cannot read .*nope\.json: there is no such file\.\n$/);
    const broken = await runCli(['import', await file('broken.json', '{"cities": [')], env());
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('broken.json is not valid JSON');
    expect(await readdir(workDir)).not.toContain('untouched');
  });
});

describe.each(testDatabaseKinds('every'))(
  'admin command line on %s',
  (kind) => {
    // PGlite: the command line opens its own data folder. PostgreSQL: it connects to DATABASE_URL.
    let database: TestDatabase | null = null;
    let env: Record<string, string>;
    let dataDir: string;

    /** Opens what the command line wrote to, while no command line runs. */
    async function inspect<T>(fn: (db: Db) => Promise<T>): Promise<T> {
      if (database) return fn(database.db);
      const lock = await acquireDataDirLock(dataDir, { port: null, token: null });
      const folder = await openDatabase({ kind: 'pglite', dataDir });
      try {
        await folder.migrate();
        return await fn(folder.db);
      } finally {
        await folder.close();
        await lock.release();
      }
    }

    beforeAll(async () => {
      dataDir = path.join(workDir, `data-${kind}`);
      if (kind === 'postgres') {
        database = await createTestDatabase(kind);
        env = { DATABASE_URL: database.url ?? '' };
      } else {
        // A copy of the run's migrated database: the commands open it instead of migrating it.
        await pgliteFolderFromTemplate(dataDir);
        env = { DATA_DIR: dataDir };
      }
    });
    afterAll(async () => {
      await database?.destroy();
    });

    it('lists every problem of an invalid file and writes nothing', async () => {
      const run = await runCli(['import', await file(`invalid-${kind}.json`, invalid)], env);
      expect(run.code).toBe(1);
      expect(run.stderr.split('\n')).toEqual([
        'The file has 3 problems; nothing was imported.',
        '  $.treatments[0].addOnIds[0]: no treatment "ghost" in the file or the database',
        '  $.therapists[0].area: no city "york" in the file or the database',
        '  $.therapists[0].serviceIds[1]: "massage" is listed twice',
        '',
      ]);
      expect(await inspect(async (db) => (await db.select({ n: count() }).from(city))[0]?.n)).toBe(
        0,
      );
    });

    it('exits 1 naming the JSON path of an instant PostgreSQL cannot store', async () => {
      const outOfRange = {
        ...catalogue,
        therapists: [
          {
            ...catalogue.therapists[0],
            availability: [{ start: '0000-06-01T09:00:00Z', end: '2026-12-01T17:00:00Z' }],
          },
        ],
      };
      const run = await runCli(['import', await file(`year0-${kind}.json`, outOfRange)], env);
      expect(run.stderr.split('\n')).toEqual([
        'The file has 1 problem; nothing was imported.',
        '  $.therapists[0].availability[0].start: must be an instant between the years 0001 and 9999 (UTC)',
        '',
      ]);
      expect(run.code).toBe(1);
      expect(await inspect(async (db) => (await db.select({ n: count() }).from(city))[0]?.n)).toBe(
        0,
      );
    });

    it('imports a file, then round-trips it through export', async () => {
      const imported = await runCliProcess(
        ['import', await file(`catalogue-${kind}.json`, catalogue)],
        env,
      );
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toBe(
        'Imported 1 city, 2 treatments, 1 therapist, 2 availability windows.\n',
      );
      expect(imported.code).toBe(0);

      const first = await runCliProcess(['export'], env);
      expect(first.code).toBe(0);
      expect(first.stderr).toBe(
        'Exported 1 city, 2 treatments, 1 therapist, 2 availability windows.\n',
      );
      const doc = JSON.parse(first.stdout);
      expect(doc.therapists[0]).toMatchObject({
        id: 't-isla',
        serviceIds: ['massage', 'stones'],
        availability: [
          { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T17:00:00.000Z' },
          { start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T17:00:00.000Z' },
        ],
      });

      const again = await runCli(['import', await file(`export-${kind}.json`, first.stdout)], env);
      expect(again.code).toBe(0);
      const exportedFile = path.join(workDir, `second-${kind}.json`);
      const second = await runCli(['export', exportedFile], env);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain(`to ${exportedFile}.`);
      expect(await readFile(exportedFile, 'utf8')).toBe(first.stdout);
    });

    it('sets role flags and business payment arrangements by email', async () => {
      await inspect((db) =>
        db.insert(user).values([
          { id: 'u-pat', name: 'Pat', email: 'pat@example.com' },
          { id: 'u-biz', name: 'Biz', email: 'office@example.com', accountType: 'business' },
        ]),
      );
      const roles = await runCli(['roles', 'pat@example.com', '--therapist=on'], env);
      expect(roles.stdout).toBe('pat@example.com: therapist on, onboarder off.\n');
      expect(roles.code).toBe(0);

      const nobody = await runCli(['roles', 'nobody@example.com', '--onboarder=on'], env);
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toBe('No user with email nobody@example.com.\n');

      const personal = await runCli(['business-payment', 'pat@example.com', 'invoice'], env);
      expect(personal.code).toBe(1);
      expect(personal.stderr).toContain('only business accounts have a payment arrangement');

      const business = await runCli(['business-payment', 'office@example.com', 'invoice'], env);
      expect(business.stdout).toBe('office@example.com now pays by invoice.\n');
      expect(business.code).toBe(0);
    });
  },
  CLI_TIMEOUT_MS,
);

describe.each(testDatabaseKinds('every'))(
  'admin command line through a running server on %s',
  (kind) => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let lock: DataDirLock;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = path.join(workDir, `served-${kind}`);
      const served = await serveDataDir(dataDir);
      lock = served.lock;
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, { cliToken: served.token });
      await served.listen(app);
    });
    afterAll(async () => {
      await app?.close();
      await lock?.release();
      await database?.destroy();
    });

    it('sends the commands to the server instead of opening its data folder', async () => {
      const env = { DATA_DIR: dataDir };
      const bad = await runCli(['import', await file(`served-invalid-${kind}.json`, invalid)], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('The file has 3 problems; nothing was imported.');
      expect(bad.stderr).toContain(
        '  $.therapists[0].area: no city "york" in the file or the database',
      );
      expect(await database.db.select().from(city)).toEqual([]);

      const good = await runCliProcess(
        ['import', await file(`served-${kind}.json`, catalogue)],
        env,
      );
      expect(good.stdout).toBe(
        'Imported 1 city, 2 treatments, 1 therapist, 2 availability windows.\n',
      );
      expect(good.code).toBe(0);
      expect((await database.db.select().from(therapist)).map((t) => t.id)).toEqual(['t-isla']);

      const exported = await runCli(['export'], env);
      expect(exported.code).toBe(0);
      expect(JSON.parse(exported.stdout)).toEqual(await exportCatalogue(database.db));

      const nobody = await runCli(['roles', 'nobody@example.com'], env);
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toBe('No user with email nobody@example.com.\n');

      // Only the server's lock is in the folder: the command line never created a database there.
      expect((await readdir(dataDir)).filter((name) => name !== 'server.sock')).toEqual([
        'server.lock',
      ]);
    });
  },
  CLI_TIMEOUT_MS,
);
