import { eq, sql } from 'drizzle-orm';
import type { TherapistPhotoAnswer } from '../../contract/therapist-photo';
import type { Db } from '../db/client';
import { therapist } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { HttpProblem } from '../http/problem';
import { canStorePhotoFor, deletePhotoFiles, photoKey, therapistPhotoUrl } from './photo-files';
import { processPhoto } from './process-photo';
import { lockTherapistPhoto, unknownTherapist, type PhotoContext } from './therapist-photo-row';

/** Fails fast, before any work on the image, for a therapist that does not exist. */
async function assertTherapist(db: Db, therapistId: string): Promise<void> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(therapist)
    .where(eq(therapist.id, therapistId));
  if (!row) throw unknownTherapist(therapistId);
  if (!canStorePhotoFor(therapistId)) {
    throw new HttpProblem(422, `The therapist id ${therapistId} cannot name a photo's folder.`, {
      code: 'therapist_id_unusable',
    });
  }
}

/**
 * Makes an uploaded image the therapist's photo. The order keeps the database honest whatever
 * fails: (1) check and resize the image, (2) write every copy under a version no other upload
 * shares, (3) point the therapist at it under a row lock, (4) after the commit, delete the copies
 * of the photo it replaced. A crash leaves at most unused files, never a row naming missing ones.
 */
export async function setTherapistPhoto(
  ctx: PhotoContext,
  therapistId: string,
  bytes: Buffer,
): Promise<TherapistPhotoAnswer> {
  await assertTherapist(ctx.db, therapistId);
  const photo = await processPhoto(bytes);
  const written = await Promise.allSettled(
    photo.copies.map((c) =>
      ctx.media.put(photoKey(therapistId, photo.version, c.size, c.ext), c.bytes),
    ),
  );
  const failed = written.find((r) => r.status === 'rejected');
  if (failed) {
    // Nothing points at this version: take back what was written, and say why it failed.
    await deletePhotoFiles(ctx.media, therapistId, photo.version, ctx.log.warn);
    throw failed.reason;
  }

  const before = await inTransaction(ctx.db, async (tx) => {
    const row = await lockTherapistPhoto(tx, therapistId);
    if (!row) return null;
    await tx
      .update(therapist)
      .set({ photoVersion: photo.version, updatedAt: sql`now()` })
      .where(eq(therapist.id, therapistId));
    return row;
  });
  if (!before) {
    // Removed between the check and the update: its new files are of no use to anyone.
    await deletePhotoFiles(ctx.media, therapistId, photo.version, ctx.log.warn);
    throw unknownTherapist(therapistId);
  }
  if (before.photoVersion) {
    await deletePhotoFiles(ctx.media, therapistId, before.photoVersion, ctx.log.warn);
  }
  return {
    therapistId,
    uploaded: true,
    photoUrl: therapistPhotoUrl({ ...before, photoVersion: photo.version }),
  };
}
