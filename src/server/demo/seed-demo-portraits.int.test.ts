import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { therapist } from '../db/schema';
import { localDiskStorage } from '../media/media-storage';
import { removeTherapistPhoto } from '../media/remove-therapist-photo';
import { seedDemoData } from './seed-demo-data';
import { seedDemoPortraits } from './seed-demo-portraits';

const NOW = new Date('2026-11-21T10:00:00Z');
const quiet = { warn: () => undefined };

for (const kind of testDatabaseKinds('one')) {
  describe(`demo portraits on ${kind}`, () => {
    let database: TestDatabase;
    let mediaDir: string;
    const ctx = () => ({ db: database.db, media: localDiskStorage(mediaDir), log: quiet });

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      mediaDir = await mkdtemp(path.join(tmpdir(), 'demo-portraits-'));
      await seedDemoData(database.db, NOW);
    });
    afterAll(async () => {
      await database.destroy();
      await rm(mediaDir, { recursive: true, force: true });
    });

    it('uploads a portrait for every demo therapist, stored in every size and format', async () => {
      const therapists = await database.db.select({ id: therapist.id }).from(therapist);
      expect(await seedDemoPortraits(ctx(), NOW)).toBe(therapists.length);
      expect(
        await database.db.select().from(therapist).where(isNull(therapist.photoVersion)),
      ).toEqual([]);
      for (const { id } of therapists) {
        expect(await readdir(path.join(mediaDir, 'therapists', id))).toHaveLength(9);
      }
    });

    it('does it once: a photo removed by hand stays removed on the next start', async () => {
      const [first] = await database.db.select({ id: therapist.id }).from(therapist).limit(1);
      const id = first?.id ?? '';
      await removeTherapistPhoto(ctx(), id);
      expect(await seedDemoPortraits(ctx(), NOW)).toBe(0);
      const [row] = await database.db
        .select({ v: therapist.photoVersion })
        .from(therapist)
        .where(eq(therapist.id, id));
      expect(row?.v).toBeNull();
    });
  });
}
