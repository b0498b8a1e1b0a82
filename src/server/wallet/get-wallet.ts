import { aliasedTable, asc, desc, eq, inArray } from 'drizzle-orm';
import { UK_TIME_ZONE } from '../../domain/constants';
import { describeWalletEntry } from '../../domain/wallet';
import type { Wallet } from '../../contract/me';
import { isDeletedEmail } from '../db/deleted-account';
import type { Db } from '../db/client';
import {
  booking,
  bookingItem,
  giftCard,
  goodwillCredit,
  referral,
  user,
  walletEntry,
} from '../db/schema';

const friend = aliasedTable(user, 'friend');
const buyer = aliasedTable(user, 'buyer');

/**
 * The balance is the sum of the append-only ledger, never a stored number that could drift. The
 * ledger holds no names (it is never erased), so the words come from what each entry points at.
 */
export async function getWallet(db: Db, userId: string): Promise<Wallet> {
  const rows = await db
    .select({
      id: walletEntry.id,
      kind: walletEntry.kind,
      amountPence: walletEntry.amountPence,
      createdAt: walletEntry.createdAt,
      bookingId: walletEntry.bookingId,
      bookingStartsAt: booking.startsAt,
      friendName: friend.name,
      friendEmail: friend.email,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      expiresEntryId: walletEntry.expiresEntryId,
      goodwillReason: goodwillCredit.reason,
    })
    .from(walletEntry)
    .leftJoin(booking, eq(booking.id, walletEntry.bookingId))
    .leftJoin(referral, eq(referral.id, walletEntry.referralId))
    .leftJoin(friend, eq(friend.id, referral.referredUserId))
    .leftJoin(giftCard, eq(giftCard.id, walletEntry.giftCardId))
    .leftJoin(buyer, eq(buyer.id, giftCard.buyerUserId))
    .leftJoin(goodwillCredit, eq(goodwillCredit.id, walletEntry.goodwillCreditId))
    .where(eq(walletEntry.userId, userId))
    .orderBy(desc(walletEntry.createdAt), desc(walletEntry.id));

  // A referral credit points at the friend's booking: its treatments are not the referrer's business.
  const ownBookings = [
    ...new Set(
      rows.filter((r) => r.kind !== 'referral_credit' && r.bookingId).map((r) => r.bookingId!),
    ),
  ];
  const items =
    ownBookings.length === 0
      ? []
      : await db
          .select({ bookingId: bookingItem.bookingId, name: bookingItem.name })
          .from(bookingItem)
          .where(inArray(bookingItem.bookingId, ownBookings))
          .orderBy(asc(bookingItem.bookingId), asc(bookingItem.position));
  const namesOf = new Map<string, string[]>();
  for (const item of items) {
    namesOf.set(item.bookingId, [...(namesOf.get(item.bookingId) ?? []), item.name]);
  }
  // An expiry names an earlier entry of the same wallet, so it is among the rows already.
  const addedAt = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
  const known = (name: string | null, email: string | null) =>
    name && email && !isDeletedEmail(email) ? name : null;

  return {
    balancePence: rows.reduce((sum, r) => sum + r.amountPence, 0),
    entries: rows.map((r) => {
      const own = r.kind !== 'referral_credit';
      return {
        id: String(r.id),
        kind: r.kind,
        amountPence: r.amountPence,
        createdAt: r.createdAt.toISOString(),
        description: describeWalletEntry(
          {
            kind: r.kind,
            friendName: known(r.friendName, r.friendEmail),
            giftCardFrom: known(r.buyerName, r.buyerEmail),
            treatmentNames: own && r.bookingId ? (namesOf.get(r.bookingId) ?? []) : [],
            bookingStartsAtMs: own && r.bookingStartsAt ? r.bookingStartsAt.getTime() : null,
            expiredEntryAddedAtMs:
              r.expiresEntryId === null ? null : (addedAt.get(r.expiresEntryId) ?? null),
            goodwillReason: r.goodwillReason,
          },
          UK_TIME_ZONE,
        ),
      };
    }),
  };
}
