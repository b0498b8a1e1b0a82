import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../server/catalogue/import-catalogue';
import { openDatabase, type Db } from '../server/db/client';
import { acquireDataDirLock, type DataDirLock } from '../server/db/data-dir-lock';
import { bookingCatalogue } from '../test-support/booking-fixtures';
import { CLI_TIMEOUT_MS, runCli } from '../test-support/run-cli';
import { serveDataDir } from '../test-support/serve-data-dir';
import { buildTestApp } from '../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database';

// `npm run admin -- calendar-url THERAPIST_ID [--rotate]` straight to the database (a PGlite
// folder or DATABASE_URL) and through a running server that holds the PGlite folder.

const FEED_URL = /^https:\/\/glow\.example\.com\/api\/calendars\/[\w-]{43}\.ics\n$/;
const PUBLIC_URL = 'https://glow.example.com';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'calendar-cli-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function seed(db: Db) {
  const imported = await importCatalogue(db, bookingCatalogue());
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
}

describe.each(testDatabaseKinds('one'))(
  'calendar-url on %s',
  (kind) => {
    let database: TestDatabase | null = null;
    let env: Record<string, string>;

    beforeAll(async () => {
      if (kind === 'postgres') {
        database = await createTestDatabase(kind);
        await seed(database.db);
        env = { DATABASE_URL: database.url ?? '', PUBLIC_URL };
        return;
      }
      // A PGlite folder with the catalogue in it, closed again before the command line opens it.
      const dataDir = path.join(workDir, 'data');
      const lock = await acquireDataDirLock(dataDir, { port: null, token: null });
      const folder = await openDatabase({ kind: 'pglite', dataDir });
      try {
        await folder.migrate();
        await seed(folder.db);
      } finally {
        await folder.close();
        await lock.release();
      }
      env = { DATA_DIR: dataDir, PUBLIC_URL };
    });
    afterAll(async () => {
      await database?.destroy();
    });

    it('prints the URL, keeps it, replaces it with --rotate, and fails for no such therapist', async () => {
      const first = await runCli(['calendar-url', 't-anna'], env);
      expect(first.stdout).toMatch(FEED_URL);
      expect(first.stderr).toContain('Calendar URL for t-anna');
      expect(first.code).toBe(0);

      const rotated = await runCli(['calendar-url', 't-anna', '--rotate'], env);
      expect(rotated.stdout).toMatch(FEED_URL);
      expect(rotated.stdout).not.toBe(first.stdout);
      expect(rotated.code).toBe(0);

      const unknown = await runCli(['calendar-url', 't-nobody'], env);
      expect(unknown.stderr).toBe('No therapist with id t-nobody.\n');
      expect(unknown.code).toBe(1);
    });
  },
  CLI_TIMEOUT_MS,
);

describe(
  'calendar-url through a running server',
  () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let lock: DataDirLock;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = path.join(workDir, 'served');
      const served = await serveDataDir(dataDir);
      lock = served.lock;
      database = await createTestDatabase('pglite');
      await seed(database.db);
      app = await buildTestApp(database, { cliToken: served.token, env: { PUBLIC_URL } });
      await served.listen(app);
    });
    afterAll(async () => {
      await app?.close();
      await lock?.release();
      await database?.destroy();
    });

    it("gives the server's URL, which opens the feed until it is rotated", async () => {
      const env = { DATA_DIR: dataDir };
      const given = await runCli(['calendar-url', 't-anna'], env);
      expect(given.stdout).toMatch(FEED_URL);
      expect(given.code).toBe(0);
      const feedPath = new URL(given.stdout.trim()).pathname;
      expect((await app.inject({ url: feedPath })).statusCode).toBe(200);

      const rotated = await runCli(['calendar-url', '--rotate', 't-anna'], env);
      expect(rotated.code).toBe(0);
      expect((await app.inject({ url: feedPath })).statusCode).toBe(404);
      expect((await app.inject({ url: new URL(rotated.stdout.trim()).pathname })).statusCode).toBe(
        200,
      );

      const unknown = await runCli(['calendar-url', 't-nobody'], env);
      expect(unknown.stderr).toBe('No therapist with id t-nobody.\n');
      expect(unknown.code).toBe(1);
    });
  },
  CLI_TIMEOUT_MS,
);
