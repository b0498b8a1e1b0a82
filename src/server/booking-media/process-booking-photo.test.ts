import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_UPLOAD_MAX_BYTES } from '../../contract/booking-media';
import { exifOf, imageOf, jpegWithGps, smallHeic } from '../../test-support/photo-images';
import { MAX_SIDE, processBookingPhoto } from './process-booking-photo';

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe('processBookingPhoto', () => {
  it('keeps no EXIF and no GPS position, and fits the longer side in 2048 px', async () => {
    const source = await jpegWithGps(2400, 1200);
    expect(await exifOf(source)).toEqual({ exif: true, gps: true });
    const out = await processBookingPhoto(source);
    expect(await exifOf(out.bytes)).toEqual({ exif: false, gps: false });
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', MAX_SIDE, 1024]);
    expect([out.width, out.height, out.contentType]).toEqual([2048, 1024, 'image/jpeg']);
  });

  it('turns a photo upright by its EXIF orientation, then drops it', async () => {
    const turned = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#fff' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processBookingPhoto(turned);
    expect([out.width, out.height]).toEqual([100, 200]);
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
  });

  it('reads PNG, WebP and HEIC (which sharp alone cannot decode) and keeps small ones small', async () => {
    for (const bytes of [await imageOf('png'), await imageOf('webp')]) {
      const out = await processBookingPhoto(bytes);
      expect([out.width, out.height]).toEqual([320, 240]);
    }
    const heic = await smallHeic();
    await expect(sharp(heic).toBuffer()).rejects.toThrow();
    const out = await processBookingPhoto(heic);
    expect([out.width, out.height]).toEqual([96, 64]);
    expect((await sharp(out.bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses other types by their bytes (415), empty (400) and too large (413)', async () => {
    expect(await statusOf(processBookingPhoto(await imageOf('gif')))).toBe(415);
    expect(await statusOf(processBookingPhoto(await imageOf('avif')))).toBe(415);
    expect(await statusOf(processBookingPhoto(Buffer.from('<svg></svg> not a photo')))).toBe(415);
    // A JPEG's first bytes and nothing after them.
    const cut = (await jpegWithGps(400, 300)).subarray(0, 400);
    expect(await statusOf(processBookingPhoto(cut))).toBe(415);
    expect(await statusOf(processBookingPhoto(Buffer.alloc(0)))).toBe(400);
    expect(await statusOf(processBookingPhoto(Buffer.alloc(PHOTO_UPLOAD_MAX_BYTES + 1)))).toBe(413);
  });
});
