import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_UPLOAD_MAX_BYTES } from '../../contract/booking-media';
import { HttpProblem } from '../http/problem';
import { decodeHeic } from '../media/decode-heic';

// A customer's photo for their therapist, made safe to keep and to show: the type read from the
// bytes (never the name or the Content-Type), turned upright, at most 2048 px on its longer side,
// and encoded afresh as JPEG, which keeps no metadata (no EXIF, no GPS position, no camera serial).
// Pure CPU work: nothing here touches the database or the storage.

/** A phone's photo shown on a phone or a laptop loses nothing at this size. */
export const MAX_SIDE = 2048;
/** A 48-megapixel phone camera's photo passes; a decompression bomb does not. */
const MAX_PIXELS = 50_000_000;
const ACCEPTED = 'JPEG, PNG, WebP or HEIC';

export interface ProcessedBookingPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

const unsupported = (found: string | null) =>
  new HttpProblem(
    415,
    found
      ? `That is a ${found} file; send a photo in ${ACCEPTED}.`
      : `That file is not a photo we can read; send a ${ACCEPTED} photo.`,
  );

async function metadataOf(bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(null);
  }
}

/** The image as sharp will read it: HEIC is decoded first, everything else as it came. */
async function sourceOf(bytes: Buffer): Promise<Sharp> {
  const meta = await metadataOf(bytes);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new HttpProblem(
      422,
      `The photo is ${meta.width}×${meta.height} pixels; 50 megapixels at most.`,
      { code: 'photo_too_large' },
    );
  }
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') {
    // Only the first frame of an animated WebP or PNG: a photo, not a clip.
    return sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  }
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    try {
      const raw = await decodeHeic(bytes);
      return sharp(raw.pixels, {
        raw: { width: raw.width, height: raw.height, channels: raw.channels },
        limitInputPixels: MAX_PIXELS,
      });
    } catch {
      throw unsupported(null);
    }
  }
  const found = meta.format === 'heif' ? 'AVIF' : meta.format.toUpperCase();
  throw unsupported(found);
}

export async function processBookingPhoto(bytes: Buffer): Promise<ProcessedBookingPhoto> {
  if (bytes.length === 0) throw new HttpProblem(400, 'The photo is empty.');
  if (bytes.length > PHOTO_UPLOAD_MAX_BYTES) throw tooLarge();
  const source = await sourceOf(bytes);
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await source
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      // JPEG has no transparency: a transparent PNG's background shows white, not black.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 82, mozjpeg: true, progressive: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Read as an image by its header, then broken further in (a truncated upload, say).
    throw unsupported(null);
  }
  return {
    bytes: out.data,
    contentType: 'image/jpeg',
    width: out.info.width,
    height: out.info.height,
  };
}

export const tooLarge = () =>
  new HttpProblem(413, `The photo is larger than ${PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
