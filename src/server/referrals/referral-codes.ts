import { randomBytes } from 'node:crypto';
import { and, eq, not, like } from 'drizzle-orm';
import {
  isFriendlyReferralCode,
  normaliseReferralCode,
  referralCodeFromBytes,
} from '../../domain/referral';
import { DELETED_DOMAIN } from '../db/deleted-account';
import type { Db } from '../db/client';
import { referralCode, user } from '../db/schema';

export interface Referrer {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
}

/** The customer's friendly code, made the first time anyone asks for it. */
export async function referralCodeOf(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: referralCode.code })
      .from(referralCode)
      .where(eq(referralCode.userId, userId));
    if (existing) return existing.code;
    // 40 random bits: a clash is rare, and the primary key turns one into another try.
    await db
      .insert(referralCode)
      .values({ code: referralCodeFromBytes(randomBytes(8)), userId })
      .onConflictDoNothing();
  }
  throw new Error(`could not make a referral code for ${userId}`);
}

const referrerColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  phoneNumber: user.phoneNumber,
};
// An erased account (docs/decisions/0019) refers nobody.
const notDeleted = not(like(user.email, `%${DELETED_DOMAIN}`));

/** The customer a code stands for: their id or their friendly code, in any case. */
export async function findReferrer(db: Db, code: string): Promise<Referrer | null> {
  const trimmed = code.trim();
  const [byId] = await db
    .select(referrerColumns)
    .from(user)
    .where(and(eq(user.id, trimmed), notDeleted));
  if (byId) return byId;
  if (!isFriendlyReferralCode(trimmed)) return null;
  const [byCode] = await db
    .select(referrerColumns)
    .from(referralCode)
    .innerJoin(user, eq(user.id, referralCode.userId))
    .where(and(eq(referralCode.code, normaliseReferralCode(trimmed)), notDeleted));
  return byCode ?? null;
}
