import { eq, sql } from 'drizzle-orm';
import type { TherapistPhotoAnswer } from '../../contract/therapist-photo';
import { therapist } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { deletePhotoFiles, therapistPhotoUrl } from './photo-files';
import { lockTherapistPhoto, unknownTherapist, type PhotoContext } from './therapist-photo-row';

/** Takes the uploaded photo away (the portrait or the imported photo shows again), then its files. */
export async function removeTherapistPhoto(
  ctx: PhotoContext,
  therapistId: string,
): Promise<TherapistPhotoAnswer> {
  const before = await inTransaction(ctx.db, async (tx) => {
    const row = await lockTherapistPhoto(tx, therapistId);
    if (row?.photoVersion) {
      await tx
        .update(therapist)
        .set({ photoVersion: null, updatedAt: sql`now()` })
        .where(eq(therapist.id, therapistId));
    }
    return row;
  });
  if (!before) throw unknownTherapist(therapistId);
  if (before.photoVersion) {
    await deletePhotoFiles(ctx.media, therapistId, before.photoVersion, ctx.log.warn);
  }
  return {
    therapistId,
    uploaded: false,
    photoUrl: therapistPhotoUrl({ ...before, photoVersion: null }),
  };
}
