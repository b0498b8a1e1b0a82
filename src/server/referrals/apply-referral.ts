import { and, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { referralDiscount, samePerson } from '../../domain/referral';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import type { Bound } from '../db/query-rows';
import { booking, referral, user } from '../db/schema';
import { findReferrer } from './referral-codes';

// A referred customer's first booking gets referralCredit off. A customer is referred
// once, only before their first paid booking, and never by themselves. The discount belongs to
// the account once attached, so later holds find it without the link. See decision 0029.

export interface ReferralForHold {
  referralId: string | null;
  discountPence: number;
  /** Why a code the customer brought gives nothing, in their words; null when there is nothing to say. */
  note: string | null;
}

export const REFERRAL_NOTES = {
  notFirst: 'Referral credit is for a first booking, so it is not taken off this one.',
  samePerson:
    'This referral link belongs to an account with your own email or phone number, so its credit cannot be used.',
  used: 'Your referral credit has already been used on an earlier booking.',
  reserved: 'Your referral credit is kept for the other booking you are paying for.',
} as const;

const none = (note: string | null = null): ReferralForHold => ({
  referralId: null,
  discountPence: 0,
  note,
});

type ReferralRow = typeof referral.$inferSelect;

/** A booking of theirs was ever paid (card, invoice or credit): confirmation records the method. */
async function hasPaidBooking(tx: Db, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.customerId, customerId), isNotNull(booking.paymentMethod)))
    .limit(1);
  return row !== undefined;
}

async function attachReferral(
  tx: Db,
  ctx: Pick<AppContext, 'config' | 'now'>,
  customerId: string,
  code: string,
): Promise<ReferralRow | { refused: string | null }> {
  const referrer = await findReferrer(tx, code);
  // Unknown codes and one's own are ignored: the customer was told nothing either way.
  if (!referrer || referrer.id === customerId) return { refused: null };
  const [me] = await tx
    .select({ id: user.id, email: user.email, phoneNumber: user.phoneNumber })
    .from(user)
    .where(eq(user.id, customerId));
  if (!me) return { refused: null };
  if (samePerson(me, referrer)) return { refused: REFERRAL_NOTES.samePerson };
  if (await hasPaidBooking(tx, customerId)) return { refused: REFERRAL_NOTES.notFirst };
  const [row] = await tx
    .insert(referral)
    .values({
      referredUserId: customerId,
      referrerUserId: referrer.id,
      valuePence: ctx.config.wallet.referralCreditPence,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing({ target: referral.referredUserId })
    .returning();
  return row ?? { refused: null };
}

/**
 * Whether the customer has a referral whose discount is not yet used: a hold without one, and
 * without a code, has no referral to reserve (referralForHold would answer none).
 */
export const unusedReferralQuery = (customerId: Bound<string>): SQL =>
  sql`exists (select 1 from ${referral} where ${referral.referredUserId} = ${customerId}
              and ${referral.discountBookingId} is null)`;

/**
 * The referral discount for a new hold. The caller holds the customer's wallet lock, which
 * serialises their holds and payments, so two holds cannot both reserve the one discount.
 */
export async function referralForHold(
  tx: Db,
  ctx: Pick<AppContext, 'config' | 'now'>,
  customerId: string,
  code: string | undefined,
  totalPricePence: number,
): Promise<ReferralForHold> {
  const now = ctx.now();
  let [row] = await tx
    .select()
    .from(referral)
    .where(eq(referral.referredUserId, customerId))
    .for('update');
  if (!row && code) {
    const attached = await attachReferral(tx, ctx, customerId, code);
    if ('refused' in attached) return none(attached.refused);
    row = attached;
  }
  if (!row) return none();
  const speak = (note: string) => (code ? note : null);
  if (row.discountBookingId) return none(speak(REFERRAL_NOTES.used));
  const [reserving] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(
      and(
        eq(booking.referralId, row.id),
        gt(booking.referralDiscountPence, 0),
        inArray(booking.status, ['held', 'requires_action']),
        gt(booking.holdExpiresAt, now),
      ),
    )
    .limit(1);
  if (reserving) return none(speak(REFERRAL_NOTES.reserved));
  return {
    referralId: row.id,
    discountPence: referralDiscount(totalPricePence, row.valuePence),
    note: null,
  };
}
