import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoUploadAnswer } from '../../contract/booking-media';
import {
  at,
  holdOk,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { multipartFile } from '../../test-support/multipart';
import { exifOf, jpegWithGps } from '../../test-support/photo-images';
import { TEST_PASSWORD } from '../../test-support/test-customer';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import { startTestS3Server, type TestS3Server } from '../../test-support/test-s3-server';
import { bookingPhoto } from '../db/schema-booking-media';
import { s3Storage } from '../media/s3-storage';
import { expireBookingMedia } from './expire-booking-media';

// The uploads bucket (docs/decisions/0093): with UPLOADS_* set, photos go to an S3-compatible
// server (s3rver, started here) through @aws-sdk/client-s3 — written, read back, deleted by the
// customer, with the account and by the expiry job — and nothing lands on the local disk.

for (const kind of testDatabaseKinds('one')) {
  describe(`booking photos in an S3 bucket on ${kind}`, () => {
    let s3: TestS3Server;
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let bookingId: string;
    const db = () => env.database.db;
    const bucket = () => s3Storage(testConfig(s3.env).uploadsBucket ?? assertNever());
    const assertNever = (): never => {
      throw new Error('UPLOADS_BUCKET not configured');
    };

    const upload = async (c: BookingCustomer, id: string) => {
      const form = multipartFile(await jpegWithGps(640, 480));
      const res = await env.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/photos`,
        headers: { ...c.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<PhotoUploadAnswer>();
      const [row] = await db().select().from(bookingPhoto).where(eq(bookingPhoto.id, answer.id));
      return { answer, key: row?.storageKey ?? '' };
    };

    beforeAll(async () => {
      s3 = await startTestS3Server();
      env = await setUpBookingTest(kind, { env: s3.env });
      ada = await newCustomer(env.app, db(), { name: 'Ada Lovelace' });
      bookingId = (await holdOk(env.app, ada, { startsAt: at('2026-11-24', '10:00') })).id;
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await s3.close();
    });

    it('refuses to start with a bucket but no credentials', () => {
      expect(() => testConfig({ UPLOADS_BUCKET: 'glow-uploads' })).toThrow(
        /UPLOADS_REGION: required with UPLOADS_BUCKET[\s\S]*UPLOADS_ACCESS_KEY_ID/,
      );
      expect(() => testConfig({ UPLOADS_REGION: 'eu-west-2' })).toThrow(/UPLOADS_BUCKET/);
    });

    it('writes the re-encoded photo to the bucket and reads it back for its customer', async () => {
      const { answer, key } = await upload(ada, bookingId);
      const kept = await bucket().get(key);
      expect(kept).not.toBeNull();
      expect(await exifOf(kept ?? Buffer.alloc(0))).toEqual({ exif: false, gps: false });
      const read = await env.app.inject({ url: answer.photos[0]?.url ?? '', headers: ada.headers });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(kept ?? Buffer.alloc(0))).toBe(true);

      const gone = await env.app.inject({
        method: 'DELETE',
        url: `/api/bookings/${bookingId}/photos/${answer.id}`,
        headers: ada.headers,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await bucket().get(key)).toBeNull();
    });

    it('deletes the objects by the expiry job and with the account', async () => {
      const { key: expiring } = await upload(ada, bookingId);
      const ctx = {
        db: db(),
        now: () => new Date('2026-12-25T00:00:00Z'),
        uploads: { storage: bucket(), linkSecret: 'x' },
      };
      expect(await expireBookingMedia(ctx, { warn: () => undefined })).toBe(1);
      expect(await bucket().get(expiring)).toBeNull();

      const ben = await newCustomer(env.app, db(), { name: 'Ben Jonson' });
      const held = (await holdOk(env.app, ben, { startsAt: at('2026-11-24', '14:00') })).id;
      const { key } = await upload(ben, held);
      expect(await bucket().get(key)).not.toBeNull();
      const deleted = await env.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: ben.headers,
        payload: { password: TEST_PASSWORD },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await bucket().get(key)).toBeNull();
      expect(await db().select().from(bookingPhoto)).toEqual([]);
    });
  });
}
