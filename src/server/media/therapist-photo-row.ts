import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { therapist } from '../db/schema';
import { HttpProblem } from '../http/problem';
import type { MediaStorage } from './media-storage';

// What setting and removing a therapist's photo share: their context and the locked row.

export interface PhotoContext {
  db: Db;
  media: MediaStorage;
  log: { warn(details: object, message: string): void };
}

export type PhotoRow = { id: string; photoVersion: string | null; photoUrl: string | null };

export async function lockTherapistPhoto(tx: Db, therapistId: string): Promise<PhotoRow | null> {
  const [row] = await tx
    .select({
      id: therapist.id,
      photoVersion: therapist.photoVersion,
      photoUrl: therapist.photoUrl,
    })
    .from(therapist)
    .where(eq(therapist.id, therapistId))
    .for('update');
  return row ?? null;
}

export const unknownTherapist = (therapistId: string) =>
  new HttpProblem(404, `No therapist with id ${therapistId}.`);
