import { eq, sql } from 'drizzle-orm';
import { GENDERS } from '../../domain/account-forms';
import type { Db } from '../db/client';
import { businessPayment, user, walletEntry } from '../db/schema';
import { HttpProblem } from '../http/problem';
import { isDeletedEmail } from '../db/deleted-account';
import type { ProfileView as Profile } from '../../contract/me';

export type { Profile };

/**
 * "User record missing" (docs/product.md#sign-in-messages): a session whose customer record is gone
 * or was deleted.
 */
export const userRecordMissing = () =>
  new HttpProblem(404, 'We were unable to log you in. Please check details and try again.', {
    title: 'Login Error',
    type: '/problems/user-record-missing',
  });

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phoneNumber: user.phoneNumber,
      gender: user.gender,
      accountType: user.accountType,
      arrangement: businessPayment.arrangement,
      walletBalancePence: sql<string>`(SELECT coalesce(sum(${walletEntry.amountPence}), 0)
        FROM ${walletEntry} WHERE ${walletEntry.userId} = ${user.id})`,
    })
    .from(user)
    .leftJoin(businessPayment, eq(businessPayment.userId, user.id))
    .where(eq(user.id, userId));
  if (!row || isDeletedEmail(row.email)) throw userRecordMissing();
  const business = row.accountType === 'business';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    phoneNumber: row.phoneNumber,
    // A text column written only through the profile form's choices; anything else reads as unset.
    gender: GENDERS.find((g) => g === row.gender) ?? null,
    accountType: business ? 'business' : 'personal',
    businessPayment: business
      ? { arrangement: row.arrangement === 'invoice' ? 'invoice' : 'card' }
      : null,
    walletBalancePence: Number(row.walletBalancePence),
  };
}
