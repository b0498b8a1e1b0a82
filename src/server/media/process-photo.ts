import { createHash, randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MIN_SIDE,
  PHOTO_SIZES,
  type PhotoExt,
  type PhotoSize,
} from '../../contract/therapist-photo-paths';
import { HttpProblem } from '../http/problem';

// Turns an uploaded image into the copies the pages show: square crops at every size in AVIF, WebP
// and JPEG. Pure CPU work (sharp runs it off the event loop); nothing here touches the database.

/** A 24-megapixel camera's photo passes; a decompression bomb does not. */
const MAX_PIXELS = 50_000_000;

const ACCEPTED = 'JPEG, PNG, WebP or AVIF';

export interface PhotoCopy {
  size: PhotoSize;
  ext: PhotoExt;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** Content hash of the source and a random tail: no two uploads share file names. */
  version: string;
  copies: PhotoCopy[];
}

/** The format sharp finds in the bytes themselves (the name or Content-Type of an upload is not trusted). */
async function sniff(bytes: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpProblem(415, `That file is not an image we can read; send a ${ACCEPTED} file.`);
  }
  const avif = meta.format === 'heif' && meta.compression === 'av1';
  if (!(meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || avif)) {
    const found = meta.format === 'heif' ? 'HEIC' : meta.format.toUpperCase();
    throw new HttpProblem(415, `That is a ${found} image; send a ${ACCEPTED} file.`);
  }
  // EXIF orientation 5-8 turns the picture a quarter: width and height swap when shown.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
}

export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw new HttpProblem(400, 'The photo is empty.');
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new HttpProblem(413, `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const { width, height } = await sniff(bytes);
  if (width < PHOTO_MIN_SIDE || height < PHOTO_MIN_SIDE) {
    throw new HttpProblem(
      422,
      `The photo is ${width}×${height} pixels; it needs at least ${PHOTO_MIN_SIDE}×${PHOTO_MIN_SIDE}.`,
      { code: 'photo_too_small' },
    );
  }
  if (width * height > MAX_PIXELS) {
    throw new HttpProblem(422, `The photo is ${width}×${height} pixels; 50 megapixels at most.`, {
      code: 'photo_too_large',
    });
  }

  // One square crop, centred where sharp finds the most detail (usually the face), upright and
  // without metadata (no camera serial or GPS position goes public); the smaller sizes come from it.
  const largest = Math.max(...PHOTO_SIZES);
  const square = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(largest, largest, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .png()
    .toBuffer();

  const copies = await Promise.all(
    PHOTO_SIZES.flatMap((size) => {
      const resized = () => sharp(square).resize(size, size);
      return [
        resized()
          .avif({ quality: 55, effort: 2 })
          .toBuffer()
          .then((out) => ({ size, ext: 'avif' as const, bytes: out })),
        resized()
          .webp({ quality: 78 })
          .toBuffer()
          .then((out) => ({ size, ext: 'webp' as const, bytes: out })),
        resized()
          .jpeg({ quality: 80, mozjpeg: true, progressive: true })
          .toBuffer()
          .then((out) => ({ size, ext: 'jpg' as const, bytes: out })),
      ];
    }),
  );
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { version: `${hash}-${randomBytes(3).toString('hex')}`, copies };
}
