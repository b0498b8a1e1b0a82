import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { giftCard } from '../db/schema';
import { withdrawMail } from '../mail/outbox';
import { deliveryMailKey, type GiftCardRow } from './gift-card-db';

/**
 * The money for a card went back to its buyer in full (a refund made at the payment provider,
 * reported by its webhook): a card nobody has redeemed yet can no longer be, and its email is not
 * sent if its day has not come. A card already redeemed keeps its credit where it is: answers
 * false, for the caller to log for a person to look at. Caller holds the card's lock.
 */
export async function withdrawGiftCard(tx: Db, card: GiftCardRow, now: Date): Promise<boolean> {
  if (card.status === 'refunded') return true;
  if (card.status !== 'active') return false;
  await tx
    .update(giftCard)
    .set({ status: 'refunded', balancePence: 0, updatedAt: now })
    .where(and(eq(giftCard.id, card.id), eq(giftCard.status, 'active')));
  await withdrawMail(
    tx,
    deliveryMailKey(card.id),
    'The gift card was refunded before it was sent.',
  );
  return true;
}
