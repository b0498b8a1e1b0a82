// Therapists' photos (decision 0039): how their files are named. No zod here, so the web app's
// picture component carries none; the API's shapes are in therapist-photo.ts. Answers keep one `photoUrl` per therapist, as before; for a
// photo the company uploaded it names the largest JPEG copy, and the web app derives the other
// sizes and formats from it with photoSources(). The server builds those URLs with photoPath(), so
// the naming lives in this one file.

/** Square sizes (px) every uploaded photo is resized to: 1x and 2x of the avatars the pages show. */
export const PHOTO_SIZES = [96, 192, 384] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Formats of each size, best first; JPEG is the fallback every browser shows. */
export const PHOTO_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type PhotoExt = (typeof PHOTO_FORMATS)[number]['ext'];

/** Largest upload accepted, and the smallest side a photo may have (it is shown at 384 px). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MIN_SIDE = 256;

const LARGEST: PhotoSize = 384;
const VERSION = '[a-f0-9]{12}-[a-f0-9]{6}';

/** The public path of one resized copy of an uploaded photo. */
export function photoPath(therapistId: string, version: string, size: PhotoSize, ext: PhotoExt) {
  return `/media/therapists/${encodeURIComponent(therapistId)}/${version}-${size}.${ext}`;
}

/** The drawn portrait shown for a therapist without a photo. */
export function portraitPath(therapistId: string) {
  return `/media/therapists/${encodeURIComponent(therapistId)}/portrait.svg`;
}

/** The URL answers carry for an uploaded photo: its largest JPEG. */
export const uploadedPhotoUrl = (therapistId: string, version: string) =>
  photoPath(therapistId, version, LARGEST, 'jpg');

const UPLOADED = new RegExp(`^(/media/therapists/[^/?#]+/${VERSION})-${LARGEST}\\.jpg$`);

export interface PhotoSource {
  type: string;
  srcSet: string;
}

/**
 * The <source> list for a photoUrl that names an uploaded photo (AVIF, WebP, then JPEG, each in
 * every size); empty for any other URL (an imported photo, the drawn portrait), shown as it is.
 */
export function photoSources(photoUrl: string): PhotoSource[] {
  const prefix = UPLOADED.exec(photoUrl)?.[1];
  if (!prefix) return [];
  return PHOTO_FORMATS.map(({ ext, type }) => ({
    type,
    srcSet: PHOTO_SIZES.map((size) => `${prefix}-${size}.${ext} ${size}w`).join(', '),
  }));
}

/** Parses a media file name: "<version>-<size>.<ext>" of an upload, or "portrait.svg". */
export function parseMediaFile(
  file: string,
):
  { kind: 'portrait' } | { kind: 'photo'; version: string; size: PhotoSize; ext: PhotoExt } | null {
  if (file === 'portrait.svg') return { kind: 'portrait' };
  const match = new RegExp(`^(${VERSION})-(\\d+)\\.(avif|webp|jpg)$`).exec(file);
  const size = PHOTO_SIZES.find((s) => String(s) === match?.[2]);
  const ext = PHOTO_FORMATS.find((f) => f.ext === match?.[3])?.ext;
  if (!match?.[1] || !size || !ext) return null;
  return { kind: 'photo', version: match[1], size, ext };
}
