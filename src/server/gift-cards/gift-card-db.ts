import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { giftCard } from '../db/schema';

// Locking rules for gift cards, in the spirit of booking-db.ts: the gift card row first (SELECT …
// FOR UPDATE), then its payment row, then a wallet lock (redemption only). Nothing takes a gift
// card's lock while holding a wallet lock, so the two cannot deadlock.

export type GiftCardRow = typeof giftCard.$inferSelect;

export async function lockGiftCard(tx: Db, id: string): Promise<GiftCardRow | null> {
  const [row] = await tx.select().from(giftCard).where(eq(giftCard.id, id)).for('update');
  return row ?? null;
}

/** The delivery email's outbox key: one email per card, whoever settles its payment and however often. */
export const deliveryMailKey = (giftCardId: string) => `gift-card-${giftCardId}-delivery`;
export const receiptMailKey = (giftCardId: string) => `gift-card-${giftCardId}-receipt`;
