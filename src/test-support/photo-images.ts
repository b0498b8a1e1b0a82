import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

// Images for the booking photo tests, made by sharp (and one HEIC, committed: sharp cannot write it).

const GPS_POINTER = Buffer.from([0x25, 0x88]); // EXIF tag 0x8825, little-endian: the GPS IFD

/** A JPEG from a "phone": EXIF with its make, an owner's note and a GPS position. */
export function jpegWithGps(width = 2400, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c2417a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Copyright: 'Flat 2, 1 Secret Street' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 57/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 11/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether an image carries EXIF, and in it a GPS position. */
export async function exifOf(bytes: Buffer): Promise<{ exif: boolean; gps: boolean }> {
  const { exif } = await sharp(bytes).metadata();
  return { exif: Boolean(exif), gps: Boolean(exif && exif.includes(GPS_POINTER)) };
}

export const imageOf = (
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff',
  width = 320,
  height = 240,
) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 40, g: 90, b: 200, alpha: 0.5 } },
  })
    .toFormat(format)
    .toBuffer();

/** A 96×64 HEIC (HEVC) photo; fixtures/README.md says how it was made. */
export const smallHeic = () =>
  readFile(path.join(import.meta.dirname, '../server/booking-media/fixtures/small.heic'));
