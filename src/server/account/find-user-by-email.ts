import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { notFound } from '../http/problem';

export interface UserFlags {
  id: string;
  email: string;
  accountType: string;
  therapist: boolean;
  onboarder: boolean;
}

/** Emails are compared without case: people type them however they like. */
export async function findUserByEmail(db: Db, email: string): Promise<UserFlags> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      accountType: user.accountType,
      therapist: user.isTherapist,
      onboarder: user.isOnboarder,
    })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  const found = rows[0];
  if (!found) throw notFound(`No user with email ${email}.`);
  return found;
}
