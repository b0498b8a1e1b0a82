import { and, count, eq, sql } from 'drizzle-orm';
import { groupReferralCode } from '../../domain/referral';
import type { Referral } from '../../contract/referrals';
import type { AppContext } from '../app-context';
import { referral, walletEntry, WALLET_KINDS } from '../db/schema';
import { referralCodeOf } from './referral-codes';

/** GET /api/me/referral: the customer's code and link, and what their referrals have brought. */
export async function getReferral(ctx: AppContext, userId: string): Promise<Referral> {
  const code = await referralCodeOf(ctx.db, userId);
  const [referred] = await ctx.db
    .select({ n: count() })
    .from(referral)
    .where(eq(referral.referrerUserId, userId));
  const [earned] = await ctx.db
    .select({ sum: sql<string>`coalesce(sum(${walletEntry.amountPence}), 0)` })
    .from(walletEntry)
    .where(and(eq(walletEntry.userId, userId), eq(walletEntry.kind, WALLET_KINDS.referral)));
  return {
    code: groupReferralCode(code),
    link: `${ctx.config.publicUrl}/?ref=${code}`,
    referredCount: referred?.n ?? 0,
    earnedPence: Number(earned?.sum ?? 0),
    valuePence: ctx.config.wallet.referralCreditPence,
  };
}
