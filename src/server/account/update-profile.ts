import { eq } from 'drizzle-orm';
import type { ProfileInput } from '../../domain/account-forms';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { getProfile, type Profile } from './get-profile';

/** Name, phone and gender are the customer's to change; email and account type are not. */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<Profile> {
  await db
    .update(user)
    .set({
      name: input.name,
      phoneNumber: input.phoneNumber,
      gender: input.gender,
      updatedAt: new Date(),
    })
    .where(eq(user.id, userId));
  return getProfile(db, userId);
}
