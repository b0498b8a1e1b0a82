import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../http/problem';
import { processPhoto } from './process-photo';

// What happens to the image itself; the route's answers are in therapist-photo.int.test.ts.

describe('processPhoto', () => {
  it('turns a photo upright by its EXIF orientation and publishes none of its metadata', async () => {
    // Stored 600×240 with "turn 90°" (orientation 6): shown, and so measured, as 240×600.
    const sideways = await sharp({
      create: { width: 600, height: 240, channels: 3, background: '#888' },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Phone', Artist: 'Isla' } } })
      .toBuffer();
    await expect(processPhoto(sideways)).rejects.toMatchObject({
      message: 'The photo is 240×600 pixels; it needs at least 256×256.',
      code: 'photo_too_small',
    });

    const upright = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#888' },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Phone', Artist: 'Isla' } } })
      .toBuffer();
    const photo = await processPhoto(upright);
    for (const copy of photo.copies) {
      const meta = await sharp(copy.bytes).metadata();
      expect(meta.width, `${copy.size}.${copy.ext}`).toBe(copy.size);
      expect(meta.height, `${copy.size}.${copy.ext}`).toBe(copy.size);
      expect(meta.exif, `${copy.size}.${copy.ext}`).toBeUndefined();
      expect(meta.orientation ?? 1, `${copy.size}.${copy.ext}`).toBe(1);
    }
  });

  it('names each upload apart, even of the same file, by its content hash and a random tail', async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 4, background: '#f0a8' },
    })
      .png()
      .toBuffer();
    const [a, b] = [await processPhoto(png), await processPhoto(png)];
    expect(a.version.slice(0, 12)).toBe(b.version.slice(0, 12));
    expect(a.version).not.toBe(b.version);
    expect(a.copies.map((c) => `${c.size}.${c.ext}`)).toEqual([
      '96.avif',
      '96.webp',
      '96.jpg',
      '192.avif',
      '192.webp',
      '192.jpg',
      '384.avif',
      '384.webp',
      '384.jpg',
    ]);
  });

  it('refuses too large a file as 413 before looking inside', async () => {
    const tooBig = processPhoto(Buffer.alloc(10 * 1024 * 1024 + 1));
    await expect(tooBig).rejects.toBeInstanceOf(HttpProblem);
    await expect(tooBig).rejects.toMatchObject({ status: 413 });
  });
});
