import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';
import { findUserByEmail } from './find-user-by-email';
import type { RoleFlags, UserRoles } from '../../contract/internal';

export type { RoleFlags, UserRoles };

/** Sets the flags given and leaves the others; with no flags it just reports the current ones. */
export async function setUserRoles(db: Db, email: string, flags: RoleFlags): Promise<UserRoles> {
  const found = await findUserByEmail(db, email);
  const changes = {
    ...(flags.therapist !== undefined ? { isTherapist: flags.therapist } : {}),
    ...(flags.onboarder !== undefined ? { isOnboarder: flags.onboarder } : {}),
  };
  if (Object.keys(changes).length === 0) {
    return { email: found.email, therapist: found.therapist, onboarder: found.onboarder };
  }
  const [updated] = await db
    .update(user)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(user.id, found.id))
    .returning({ email: user.email, therapist: user.isTherapist, onboarder: user.isOnboarder });
  // The row was there a moment ago; a concurrent delete is the only way to get here.
  if (!updated) return findUserByEmail(db, email);
  // Someone who now belongs to another service loses any session they already hold here.
  if (updated.therapist || updated.onboarder)
    await db.delete(session).where(eq(session.userId, found.id));
  return updated;
}
