import {
  PHOTO_FORMATS,
  PHOTO_SIZES,
  portraitPath,
  uploadedPhotoUrl,
  type PhotoExt,
  type PhotoSize,
} from '../../contract/therapist-photo-paths';
import { isSafeKey, type MediaStorage } from './media-storage';

// Where a therapist's photo copies are kept in the storage, and which URL answers carry for them.

export function photoKey(therapistId: string, version: string, size: PhotoSize, ext: PhotoExt) {
  return `therapists/${encodeURIComponent(therapistId)}/${version}-${size}.${ext}`;
}

/** Whether the storage can hold this therapist's files (an id of "." or ".." cannot be a folder). */
export const canStorePhotoFor = (therapistId: string) =>
  isSafeKey(photoKey(therapistId, 'v', 96, 'jpg'));

export function photoKeys(therapistId: string, version: string): string[] {
  return PHOTO_SIZES.flatMap((size) =>
    PHOTO_FORMATS.map(({ ext }) => photoKey(therapistId, version, size, ext)),
  );
}

/** Deletes every copy of one photo version; one that fails is left as an orphan and reported. */
export async function deletePhotoFiles(
  storage: MediaStorage,
  therapistId: string,
  version: string,
  warn: (details: object, message: string) => void,
): Promise<void> {
  const results = await Promise.allSettled(
    photoKeys(therapistId, version).map((key) => storage.delete(key)),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) warn({ err: failed.reason, therapistId, version }, 'old photo files not deleted');
}

/**
 * The photoUrl every answer carries for a therapist: the uploaded photo's largest JPEG, else the
 * photo URL the catalogue import set, else the drawn portrait. Never null.
 */
export function therapistPhotoUrl(t: {
  id: string;
  photoVersion: string | null;
  photoUrl: string | null;
}): string {
  if (t.photoVersion) return uploadedPhotoUrl(t.id, t.photoVersion);
  return t.photoUrl ?? portraitPath(t.id);
}
