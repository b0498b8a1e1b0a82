import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../server/catalogue/import-catalogue';
import { openDatabase, type Db } from '../server/db/client';
import { acquireDataDirLock, type DataDirLock } from '../server/db/data-dir-lock';
import { localDiskStorage } from '../server/media/media-storage';
import { bookingCatalogue } from '../test-support/booking-fixtures';
import { CLI_TIMEOUT_MS, runCli } from '../test-support/run-cli';
import { serveDataDir } from '../test-support/serve-data-dir';
import { buildTestApp } from '../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database';

// `npm run admin -- therapist-photo THERAPIST_ID FILE|--remove` straight to the database (a PGlite
// folder or DATABASE_URL) and through a running server that holds the PGlite folder.

const SAVED =
  /^Photo of t-anna saved in 3 sizes \(AVIF, WebP, JPEG\): \/media\/therapists\/t-anna\/[a-f0-9]{12}-[a-f0-9]{6}-384\.jpg\n$/;

let workDir: string;
let photoFile: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'photo-cli-test-'));
  photoFile = path.join(workDir, 'anna.png');
  await sharp({ create: { width: 600, height: 800, channels: 3, background: '#e9a' } })
    .png()
    .toFile(photoFile);
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function seed(db: Db) {
  const imported = await importCatalogue(db, bookingCatalogue());
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
}

const filesIn = async (mediaDir: string) =>
  readdir(path.join(mediaDir, 'therapists', 't-anna')).catch(() => []);

describe.each(testDatabaseKinds('one'))(
  'therapist-photo on %s',
  (kind) => {
    let database: TestDatabase | null = null;
    let env: Record<string, string>;
    let mediaDir: string;

    beforeAll(async () => {
      mediaDir = path.join(workDir, `media-${kind}`);
      if (kind === 'postgres') {
        database = await createTestDatabase(kind);
        await seed(database.db);
        env = { DATABASE_URL: database.url ?? '', MEDIA_DIR: mediaDir };
        return;
      }
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
      env = { DATA_DIR: dataDir, MEDIA_DIR: mediaDir };
    });
    afterAll(async () => {
      await database?.destroy();
    });

    it('saves a photo in every size, removes it, and says why a file is refused', async () => {
      const saved = await runCli(['therapist-photo', 't-anna', photoFile], env);
      expect(saved.stderr).toBe('');
      expect(saved.stdout).toMatch(SAVED);
      expect(saved.code).toBe(0);
      expect(await filesIn(mediaDir)).toHaveLength(9);

      const notImage = path.join(workDir, 'notes.txt');
      await writeFile(notImage, 'Anna prefers morning bookings.');
      const refused = await runCli(['therapist-photo', 't-anna', notImage], env);
      expect(refused.stderr).toBe(
        'That file is not an image we can read; send a JPEG, PNG, WebP or AVIF file.\n',
      );
      expect(refused.code).toBe(1);

      const removed = await runCli(['therapist-photo', 't-anna', '--remove'], env);
      expect(removed.stdout).toBe(
        't-anna has no uploaded photo now; shown instead: /media/therapists/t-anna/portrait.svg\n',
      );
      expect(removed.code).toBe(0);
      expect(await filesIn(mediaDir)).toEqual([]);

      const unknown = await runCli(['therapist-photo', 't-nobody', photoFile], env);
      expect(unknown.stderr).toBe('No therapist with id t-nobody.\n');
      expect(unknown.code).toBe(1);
    });
  },
  CLI_TIMEOUT_MS,
);

describe(
  'therapist-photo through a running server',
  () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let lock: DataDirLock;
    let dataDir: string;
    const mediaDir = () => path.join(workDir, 'served-media');

    beforeAll(async () => {
      dataDir = path.join(workDir, 'served');
      const served = await serveDataDir(dataDir);
      lock = served.lock;
      database = await createTestDatabase('pglite');
      await seed(database.db);
      app = await buildTestApp(database, {
        cliToken: served.token,
        media: localDiskStorage(mediaDir()),
      });
      await served.listen(app);
    });
    afterAll(async () => {
      await app?.close();
      await lock?.release();
      await database?.destroy();
    });

    it('sends the image to the server, whose pages then show it', async () => {
      const saved = await runCli(['therapist-photo', 't-anna', photoFile], { DATA_DIR: dataDir });
      expect(saved.stderr).toBe('');
      expect(saved.stdout).toMatch(SAVED);
      expect(saved.code).toBe(0);
      const url = saved.stdout.slice(saved.stdout.indexOf('/media/')).trim();
      const file = await app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await filesIn(mediaDir())).toHaveLength(9);
    });
  },
  CLI_TIMEOUT_MS,
);
