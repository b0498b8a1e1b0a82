import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TherapistPhotoAnswer } from '../../contract/therapist-photo';
import { photoSources } from '../../contract/therapist-photo-paths';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { importCatalogue } from '../catalogue/import-catalogue';
import { localDiskStorage, type MediaStorage } from './media-storage';
import { setTherapistPhoto } from './set-therapist-photo';

// Uploading, replacing and removing a therapist's photo through /api/internal, and what customers
// then get from /media and the professionals answers.

const auth = { authorization: 'Bearer test-internal-token-0123456789abcdef' };

const catalogue = (photoUrl?: string) => ({
  cities: [{ slug: 'testcity', name: 'Test City' }],
  treatments: [
    {
      id: 'massage',
      name: 'Massage',
      category: 'Massage',
      pricePence: 4000,
      durationMinutes: 60,
      order: 1,
      addOn: false,
    },
  ],
  therapists: [
    {
      id: 't-anna',
      username: 'anna',
      name: 'Anna Brown',
      bio: 'Massage at home.',
      active: true,
      paymentsConnected: true,
      area: 'testcity',
      serviceIds: ['massage'],
      ...(photoUrl ? { photoUrl } : {}),
    },
  ],
});

const image = (format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff', w = 800, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c2417a' } })
    .toFormat(format)
    .toBuffer();

for (const kind of testDatabaseKinds('one')) {
  describe(`therapist photos on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let mediaDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const imported = await importCatalogue(database.db, catalogue());
      expect(imported.ok).toBe(true);
      mediaDir = await mkdtemp(path.join(tmpdir(), 'photos-test-'));
      app = await buildTestApp(database, { media: localDiskStorage(mediaDir) });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
      await rm(mediaDir, { recursive: true, force: true });
    });

    const upload = (body: Buffer, id = 't-anna', headers: Record<string, string> = auth) =>
      app.inject({
        method: 'PUT',
        url: `/api/internal/therapists/${id}/photo`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body,
      });
    const remove = (id = 't-anna') =>
      app.inject({ method: 'DELETE', url: `/api/internal/therapists/${id}/photo`, headers: auth });
    const profilePhoto = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/professionals/anna' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ photoUrl: string }>().photoUrl;
    };
    const storedFiles = async () =>
      (await readdir(path.join(mediaDir, 'therapists', 't-anna')).catch(() => [])).sort();

    it('shows the drawn portrait before any photo, as an SVG cached for a day', async () => {
      expect(await profilePhoto()).toBe('/media/therapists/t-anna/portrait.svg');
      const res = await app.inject({ method: 'GET', url: '/media/therapists/t-anna/portrait.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toMatch(/^<svg /);
      const unknown = await app.inject({
        method: 'GET',
        url: '/media/therapists/t-x/portrait.svg',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('turns an upload into three sizes in AVIF, WebP and JPEG, served for good', async () => {
      const res = await upload(await image('jpeg', 1200, 900));
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<TherapistPhotoAnswer>();
      expect(answer.uploaded).toBe(true);
      expect(answer.photoUrl).toMatch(
        /^\/media\/therapists\/t-anna\/[a-f0-9]{12}-[a-f0-9]{6}-384\.jpg$/,
      );
      expect(await profilePhoto()).toBe(answer.photoUrl);
      expect(await storedFiles()).toHaveLength(9);

      const sources = photoSources(answer.photoUrl);
      expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
      for (const source of sources) {
        for (const candidate of source.srcSet.split(', ')) {
          const [url, width] = candidate.split(' ');
          const file = await app.inject({ method: 'GET', url: url ?? '' });
          expect(file.statusCode, url).toBe(200);
          expect(file.headers['content-type']).toBe(source.type);
          expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          const meta = await sharp(file.rawPayload).metadata();
          // Square, cropped from the 4:3 original.
          expect(`${meta.width}w`).toBe(width);
          expect(meta.height).toBe(meta.width);
        }
      }
    });

    it('replaces the photo and deletes the old files only after the switch', async () => {
      const first = (await profilePhoto()).replace('-384.jpg', '');
      const res = await upload(await image('png', 400, 400));
      expect(res.statusCode, res.body).toBe(200);
      const second = res.json<TherapistPhotoAnswer>().photoUrl;
      expect(second).not.toContain(first);
      const files = await storedFiles();
      expect(files).toHaveLength(9);
      expect(files.every((f) => second.includes(f.slice(0, 19)))).toBe(true);
      const old = await app.inject({ method: 'GET', url: `${first}-96.webp` });
      expect(old.statusCode).toBe(404);
      expect(old.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('accepts WebP and AVIF, whatever Content-Type the upload claims', async () => {
      for (const format of ['webp', 'avif'] as const) {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/internal/therapists/t-anna/photo',
          headers: { ...auth, 'content-type': 'text/plain' },
          body: await image(format),
        });
        expect(res.statusCode, `${format}: ${res.body}`).toBe(200);
      }
    });

    it('keeps the uploaded photo when the catalogue is imported again, photoUrl and all', async () => {
      const before = await profilePhoto();
      const res = await app.inject({
        method: 'POST',
        url: '/api/internal/catalogue',
        headers: auth,
        payload: catalogue('https://example.test/anna.jpg'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await profilePhoto()).toBe(before);
    });

    it('refuses what is not a JPEG, PNG, WebP or AVIF photo with problem+json', async () => {
      const cases: [Buffer, number, RegExp][] = [
        [Buffer.from('%PDF-1.7 not an image at all'), 415, /not an image we can read/],
        [await image('gif'), 415, /GIF image/],
        [await image('tiff'), 415, /TIFF image/],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"/>'),
          415,
          /SVG image/,
        ],
        [await image('jpeg', 200, 900), 422, /200×900 pixels; it needs at least 256×256/],
        [Buffer.alloc(0), 400, /empty/],
      ];
      const before = await profilePhoto();
      for (const [body, status, detail] of cases) {
        const res = await upload(body);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json<{ detail: string }>().detail).toMatch(detail);
        if (status === 422) expect(res.json().code).toBe('photo_too_small');
      }
      expect(await profilePhoto()).toBe(before);
    });

    it('refuses an upload over 10 MB with 413 before reading it all', async () => {
      const res = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('needs the internal token, and knows only existing therapists', async () => {
      const jpeg = await image('jpeg');
      expect((await upload(jpeg, 't-anna', {})).statusCode).toBe(401);
      expect((await upload(jpeg, 't-anna', { authorization: 'Bearer wrong' })).statusCode).toBe(
        401,
      );
      const missing = await upload(jpeg, 't-nobody');
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ detail: string }>().detail).toBe('No therapist with id t-nobody.');
      expect((await remove('t-nobody')).statusCode).toBe(404);
      const unknownFile = await app.inject({
        method: 'GET',
        url: '/media/therapists/t-anna/000000000000-000000-96.jpg',
      });
      expect(unknownFile.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: '/media/therapists/t-anna/../../x.jpg' }))
          .statusCode,
      ).toBe(404);
    });

    it('leaves the photo as it was when the new files cannot be written', async () => {
      const before = await profilePhoto();
      const disk = localDiskStorage(mediaDir);
      let puts = 0;
      const failing: MediaStorage = {
        ...disk,
        put: async (key, bytes) => {
          // The disk fills up half-way through the nine copies.
          if (++puts > 4) throw new Error('ENOSPC: no space left on device');
          await disk.put(key, bytes);
        },
      };
      const ctx = { db: database.db, media: failing, log: { warn: () => undefined } };
      await expect(setTherapistPhoto(ctx, 't-anna', await image('jpeg'))).rejects.toThrow(/ENOSPC/);
      expect(await profilePhoto()).toBe(before);
      // The copies that were written are taken back: only the current photo's nine remain.
      expect(await storedFiles()).toHaveLength(9);
      for (const source of photoSources(before)) {
        const url = source.srcSet.split(' ')[0] ?? '';
        expect((await app.inject({ url })).statusCode, url).toBe(200);
      }
    });

    it('keeps the new photo when an old file cannot be deleted, and says so', async () => {
      const disk = localDiskStorage(mediaDir);
      const warnings: string[] = [];
      const stubborn: MediaStorage = {
        ...disk,
        delete: async () => {
          throw new Error('EACCES: permission denied');
        },
      };
      const ctx = {
        db: database.db,
        media: stubborn,
        log: { warn: (_: object, message: string) => void warnings.push(message) },
      };
      const answer = await setTherapistPhoto(ctx, 't-anna', await image('png', 300, 300));
      expect(await profilePhoto()).toBe(answer.photoUrl);
      expect(warnings).toEqual(['old photo files not deleted']);
      // The old files are orphans now; tidy them so the next test counts only the current photo.
      for (const file of await storedFiles()) {
        if (!answer.photoUrl.includes(file.slice(0, 19)))
          await disk.delete(`therapists/t-anna/${file}`);
      }
    });

    it('removes the photo: the imported photo shows again and the files go', async () => {
      const res = await remove();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TherapistPhotoAnswer>()).toEqual({
        therapistId: 't-anna',
        uploaded: false,
        photoUrl: 'https://example.test/anna.jpg',
      });
      expect(await profilePhoto()).toBe('https://example.test/anna.jpg');
      expect(await storedFiles()).toEqual([]);
      // Removing again is harmless.
      expect((await remove()).statusCode).toBe(200);
    });
  });
}
