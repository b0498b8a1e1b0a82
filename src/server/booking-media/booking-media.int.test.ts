import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../contract/booking';
import type { BookingMedia, PhotoUploadAnswer } from '../../contract/booking-media';
import type { BookingRecord } from '../../contract/booking-records';
import {
  at,
  getJson,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { multipartFile } from '../../test-support/multipart';
import { exifOf, imageOf, jpegWithGps, smallHeic } from '../../test-support/photo-images';
import { TEST_PASSWORD } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { bookingAccessNote, bookingPhoto } from '../db/schema-booking-media';
import { localDiskStorage } from '../media/media-storage';
import { expireBookingMedia } from './expire-booking-media';

// Notes and photos for the therapist (docs/decisions/0093) on local disk, through the API: who
// may write and read them and until when, what is kept of an upload, the therapist's signed
// links, and their deletion by the customer, with the account and 30 days after the visit.

const AUTH = { authorization: 'Bearer test-internal-token-0123456789abcdef' };
const quiet = { warn: () => undefined };

for (const kind of testDatabaseKinds('every')) {
  describe(`booking notes and photos on ${kind}`, () => {
    let env: BookingTestEnv;
    let dir: string;
    let ada: BookingCustomer;
    let ben: BookingCustomer;
    let confirmed: string;
    const db = () => env.database.db;
    const storage = () => localDiskStorage(dir);
    const files = async () =>
      (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.jpg')).length;

    const upload = (c: BookingCustomer, bookingId: string, bytes: Buffer, type = 'image/jpeg') => {
      const form = multipartFile(bytes, { type });
      return env.app.inject({
        method: 'POST',
        url: `/api/bookings/${bookingId}/photos`,
        headers: { ...c.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const uploadOk = async (c: BookingCustomer, bookingId: string, bytes: Buffer) => {
      const res = await upload(c, bookingId, bytes);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PhotoUploadAnswer>();
    };
    const notes = (c: BookingCustomer, bookingId: string, accessNotes: string) =>
      env.app.inject({
        method: 'PUT',
        url: `/api/bookings/${bookingId}/notes`,
        headers: c.headers,
        payload: { accessNotes },
      });
    const view = async (c: BookingCustomer, bookingId: string) =>
      (await getJson(env.app, c, `/api/bookings/${bookingId}`)).json<BookingView>();
    const record = async (bookingId: string) =>
      (
        await env.app.inject({ url: `/api/internal/bookings/${bookingId}`, headers: AUTH })
      ).json<BookingRecord>();

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'booking-photos-'));
      env = await setUpBookingTest(kind, { deps: { uploads: localDiskStorage(dir) } });
      [ada, ben] = await Promise.all([
        newCustomer(env.app, db(), { name: 'Ada Lovelace' }),
        newCustomer(env.app, db(), { name: 'Ben Jonson' }),
      ]);
      confirmed = (await holdOk(env.app, ada, { startsAt: at('2026-11-24', '10:00') })).id;
      expect((await payRequest(env.app, ada, confirmed)).statusCode).toBe(200);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await rm(dir, { recursive: true, force: true });
    });

    it('keeps the notes as sent, clears them when empty, and refuses control characters', async () => {
      const set = await notes(ada, confirmed, '  Blue door, code 4821. Small dog.\nStairs.  ');
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<BookingMedia>().accessNotes).toBe(
        'Blue door, code 4821. Small dog.\nStairs.',
      );
      // Idempotent: the same again changes nothing.
      expect(
        (await notes(ada, confirmed, 'Blue door, code 4821. Small dog.\nStairs.')).statusCode,
      ).toBe(200);
      expect((await view(ada, confirmed)).accessNotes).toBe(
        'Blue door, code 4821. Small dog.\nStairs.',
      );
      expect((await notes(ada, confirmed, 'bell\u0007')).statusCode).toBe(400);
      expect((await notes(ada, confirmed, 'x'.repeat(1001))).statusCode).toBe(400);
      expect((await notes(ben, confirmed, 'not mine')).statusCode).toBe(404);
      expect((await notes(ada, confirmed, '')).json<BookingMedia>().accessNotes).toBeNull();
      expect(await db().select().from(bookingAccessNote)).toEqual([]);
      await notes(ada, confirmed, 'Park in bay 3.');
    });

    it('re-encodes an upload without its EXIF and GPS, readable by its customer only', async () => {
      const answer = await uploadOk(ada, confirmed, await jpegWithGps(2400, 1200));
      expect(answer.photos).toEqual([
        { id: answer.id, url: `/api/bookings/${confirmed}/photos/${answer.id}` },
      ]);
      const [row] = await db().select().from(bookingPhoto).where(eq(bookingPhoto.id, answer.id));
      const kept = await storage().get(row?.storageKey ?? '');
      expect(kept).not.toBeNull();
      expect(await exifOf(kept ?? Buffer.alloc(0))).toEqual({ exif: false, gps: false });
      expect([row?.width, row?.height, row?.contentType]).toEqual([2048, 1024, 'image/jpeg']);

      const read = await env.app.inject({ url: answer.photos[0]?.url ?? '', headers: ada.headers });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(read.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(read.rawPayload).metadata()).width).toBe(2048);
      // Ben: as if there were no such booking or photo.
      expect(
        (await env.app.inject({ url: answer.photos[0]?.url ?? '', headers: ben.headers }))
          .statusCode,
      ).toBe(404);
      expect((await env.app.inject({ url: answer.photos[0]?.url ?? '' })).statusCode).toBe(401);
      expect((await upload(ben, confirmed, await imageOf('png'))).statusCode).toBe(404);
      expect((await view(ada, confirmed)).photos).toHaveLength(1);
    });

    it('takes PNG, WebP and HEIC; refuses other types (415) and more than 10 MB (413)', async () => {
      const held = (await holdOk(env.app, ben, { startsAt: at('2026-11-24', '14:00') })).id;
      await uploadOk(ben, held, await imageOf('png'));
      await uploadOk(ben, held, await imageOf('webp'));
      const heic = await uploadOk(ben, held, await smallHeic());
      expect(heic.photos).toHaveLength(3);

      const gif = await upload(ben, held, await imageOf('gif'), 'image/jpeg');
      expect(gif.statusCode).toBe(415);
      expect(gif.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(gif.json<{ detail: string }>().detail).toMatch(/GIF/);
      expect((await upload(ben, held, Buffer.from('%PDF-1.7 not a photo'))).statusCode).toBe(415);
      const big = await upload(ben, held, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
      expect(big.statusCode).toBe(413);
      expect(big.headers['content-type']).toMatch(/^application\/problem\+json/);
      const notMultipart = await env.app.inject({
        method: 'POST',
        url: `/api/bookings/${held}/photos`,
        headers: { ...ben.headers, 'content-type': 'image/jpeg' },
        payload: await imageOf('jpeg'),
      });
      expect(notMultipart.statusCode).toBe(415);
      const misnamed = multipartFile(await imageOf('png'), { field: 'picture' });
      const wrongField = await env.app.inject({
        method: 'POST',
        url: `/api/bookings/${held}/photos`,
        headers: { ...ben.headers, ...misnamed.headers },
        payload: misnamed.payload,
      });
      expect(wrongField.statusCode).toBe(400);

      // Five at most: the sixth is refused in words.
      await uploadOk(ben, held, await imageOf('jpeg'));
      await uploadOk(ben, held, await imageOf('jpeg'));
      const sixth = await upload(ben, held, await imageOf('jpeg'));
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json()).toMatchObject({
        code: 'too_many_photos',
        detail: expect.stringMatching(/5 photos at most/),
      });
    });

    it('gives the therapist signed links, refused once altered or expired', async () => {
      const [link] = (await record(confirmed)).photos ?? [];
      expect((await record(confirmed)).accessNotes).toBe('Park in bay 3.');
      expect(link?.url).toMatch(/^http:\/\/localhost:3000\/api\/booking-photos\//);
      const url = new URL(link?.url ?? '');
      const get = (u: string) => env.app.inject({ url: u });
      const ok = await get(url.pathname + url.search);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('private, no-store');
      const signature = url.searchParams.get('signature') ?? '';
      const altered = url.search.replace(
        signature,
        `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      );
      const forged = await get(url.pathname + altered);
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe('photo_link_invalid');

      // The calendar feed carries the notes and the photos' links.
      const feedUrl = (
        await env.app.inject({ url: '/api/internal/therapists/t-anna/calendar-url', headers: AUTH })
      ).json<{ url: string }>().url;
      const feed = (await get(new URL(feedUrl).pathname)).body.replace(/\r\n[ \t]/g, '');
      expect(feed).toContain('Notes from Ada: Park in bay 3.');
      expect(feed).toContain('/api/booking-photos/');

      const saved = env.clock.current;
      env.clock.set('2026-11-23T09:00:01Z');
      try {
        const expired = await get(url.pathname + url.search);
        expect(expired.statusCode).toBe(403);
        expect(expired.json().code).toBe('photo_link_expired');
      } finally {
        env.clock.current = saved;
      }
    });

    it('removes a photo from the storage at once', async () => {
      const added = await uploadOk(ada, confirmed, await imageOf('png'));
      const before = await files();
      const gone = await env.app.inject({
        method: 'DELETE',
        url: `/api/bookings/${confirmed}/photos/${added.id}`,
        headers: ada.headers,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json<BookingMedia>().photos.map((p) => p.id)).not.toContain(added.id);
      expect(await files()).toBe(before - 1);
      expect(
        (await getJson(env.app, ada, `/api/bookings/${confirmed}/photos/${added.id}`)).statusCode,
      ).toBe(404);
    });

    it('refuses changes from the start on (409)', async () => {
      const saved = env.clock.current;
      env.clock.set('2026-11-24T10:00:00Z');
      try {
        const late = await notes(ada, confirmed, 'too late');
        expect(late.statusCode).toBe(409);
        expect(late.json()).toMatchObject({
          code: 'already_started',
          detail: expect.stringMatching(/started/),
        });
        expect((await upload(ada, confirmed, await imageOf('png'))).statusCode).toBe(409);
      } finally {
        env.clock.current = saved;
      }
    });

    it('deletes the objects with the account', async () => {
      const cleo = await newCustomer(env.app, db(), { name: 'Cleo Jones' });
      const held = (await holdOk(env.app, cleo, { startsAt: at('2026-11-25', '10:00') })).id;
      await notes(cleo, held, 'Ring twice');
      await uploadOk(cleo, held, await imageOf('png'));
      await uploadOk(cleo, held, await imageOf('webp'));
      const before = await files();
      const gone = await env.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: cleo.headers,
        payload: { password: TEST_PASSWORD },
      });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await files()).toBe(before - 2);
      expect(
        await db().select().from(bookingPhoto).where(eq(bookingPhoto.bookingId, held)),
      ).toEqual([]);
      expect(
        await db().select().from(bookingAccessNote).where(eq(bookingAccessNote.bookingId, held)),
      ).toEqual([]);
    });

    it('deletes everything 30 days after the visit, finishing what a crash left', async () => {
      const ctx = {
        db: db(),
        now: env.clock.now,
        uploads: { storage: storage(), linkSecret: 'x' },
      };
      // A removal cut short after the row was marked: the object is still there.
      const [left] = await db()
        .select()
        .from(bookingPhoto)
        .where(eq(bookingPhoto.bookingId, confirmed));
      await db()
        .update(bookingPhoto)
        .set({ deletedAt: env.clock.now() })
        .where(eq(bookingPhoto.id, left?.id ?? ''));
      expect(await storage().get(left?.storageKey ?? '')).not.toBeNull();
      expect(await expireBookingMedia(ctx, quiet)).toBe(1);
      expect(await storage().get(left?.storageKey ?? '')).toBeNull();

      const saved = env.clock.current;
      env.clock.set('2026-12-25T00:00:00Z');
      try {
        expect(await expireBookingMedia(ctx, quiet)).toBe(5);
        expect(await files()).toBe(0);
        expect(await db().select().from(bookingPhoto)).toEqual([]);
        expect(await db().select().from(bookingAccessNote)).toEqual([]);
        expect(await expireBookingMedia(ctx, quiet)).toBe(0);
      } finally {
        env.clock.current = saved;
      }
    });
  });
}
