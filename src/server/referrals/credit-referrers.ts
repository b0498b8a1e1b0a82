import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isDeletedEmail } from '../db/deleted-account';
import { queryRows } from '../db/query-rows';
import { user, WALLET_KINDS } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { appendWalletEntry } from '../wallet/wallet-ledger';
import { referralCreditEmail } from './referral-credit-email';

// A referrer earns their credit when the friend they referred has had an appointment: when the
// friend's first booking to take place is completed, not when one is paid. Paid bookings can be
// cancelled for a full refund, so crediting at payment let a ring of new accounts book, pay and
// cancel for free while the referrer kept the credit (decision 0067).

interface Credited {
  id: string;
  referrer_user_id: string;
  value_pence: number;
  booking_id: string;
}

/**
 * Credits the referrers of the customers whose bookings the caller has just completed, in the
 * caller's transaction (the completion's own, so a crash keeps both or neither). Each pending
 * referral moves to completed by a compare-and-set, so of two instances completing two bookings
 * of one friend at once, one credits and the other finds nothing to do; the entry's idempotency
 * key and the unique index on a referral's credit say so again. The entry points at the friend's
 * earliest booking among those completed. With `mail`, each referrer is emailed the news in the
 * same transaction (an erased referrer is not). Answers how many referrers were credited.
 */
export async function creditReferrers(
  tx: Db,
  completedBookingIds: readonly string[],
  now: Date,
  mail?: { publicUrl: string },
): Promise<number> {
  if (completedBookingIds.length === 0) return 0;
  const credited = await queryRows<Credited>(
    tx,
    sql`update referral r set status = 'completed', completed_at = ${now.toISOString()}::timestamptz
        from (select distinct on (b.customer_id) b.customer_id, b.id
              from booking b
              where b.id in ${[...completedBookingIds]} and b.status = 'completed'
              order by b.customer_id, b.starts_at, b.id) done
        where r.referred_user_id = done.customer_id and r.status = 'pending'
        returning r.id, r.referrer_user_id, r.value_pence, done.id as booking_id`,
  );
  for (const r of credited) {
    // Only adds to the referrer's wallet, so it takes no lock on it.
    await appendWalletEntry(tx, {
      userId: r.referrer_user_id,
      kind: WALLET_KINDS.referral,
      amountPence: Number(r.value_pence),
      description: 'Referral credit',
      referralId: r.id,
      bookingId: r.booking_id,
      idempotencyKey: `referral-${r.id}-referrer-credit`,
      createdAt: now,
    });
  }
  if (mail && credited.length > 0) await emailReferrers(tx, credited, mail.publicUrl);
  return credited.length;
}

async function emailReferrers(tx: Db, credited: readonly Credited[], publicUrl: string) {
  const referrers = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(
      inArray(
        user.id,
        credited.map((r) => r.referrer_user_id),
      ),
    );
  for (const r of credited) {
    const referrer = referrers.find((u) => u.id === r.referrer_user_id);
    if (!referrer || isDeletedEmail(referrer.email)) continue;
    await enqueueMail(
      tx,
      referralCreditEmail({
        referralId: r.id,
        to: referrer.email,
        name: referrer.name,
        amountPence: Number(r.value_pence),
        publicUrl,
      }),
    );
  }
}
