import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox, giftCard, rateLimit } from '../db/schema';
import { deliveryMailKey, receiptMailKey } from './gift-card-db';
import { redeemAccountKey } from './redeem-gift-card';

// A gift card's recipient name and email and the buyer's message are the buyer's words about
// someone else: personal data of the buyer's account, erased with it (docs/decisions/0019, 0031).
// The card itself stays (amount, code hash, status): it is a sale, and may be in someone's wallet.

/**
 * A card the customer bought whose email has not gone out yet: deleting their account waits for
 * it, since the email carries the only copy of the code and erasing it would lose the gift.
 */
export async function giftCardAwaitingDelivery(
  tx: Db,
  buyerId: string,
): Promise<{ sendOn: string; deliverAt: Date } | null> {
  const [card] = await tx
    .select({ sendOn: giftCard.sendOn, deliverAt: giftCard.deliverAt })
    .from(giftCard)
    .innerJoin(
      emailOutbox,
      eq(emailOutbox.dedupeKey, sql`'gift-card-' || ${giftCard.id}::text || '-delivery'`),
    )
    .where(
      and(
        eq(giftCard.buyerUserId, buyerId),
        eq(giftCard.status, 'active'),
        eq(emailOutbox.status, 'pending'),
      ),
    )
    .orderBy(giftCard.deliverAt)
    .limit(1);
  return card ?? null;
}

/** The buyer's gift card data, inside the erasure's transaction; `placeholder` replaces addresses. */
export async function eraseGiftCardData(
  tx: Db,
  userId: string,
  email: string,
  placeholder: string,
  now: Date,
): Promise<void> {
  const bought = await tx
    .select({ id: giftCard.id })
    .from(giftCard)
    .where(eq(giftCard.buyerUserId, userId));
  if (bought.length > 0) {
    const ids = bought.map((c) => c.id);
    await tx
      .update(giftCard)
      .set({
        recipientName: null,
        recipientEmail: null,
        message: null,
        // An order never paid can no longer be: should its payment still succeed, it is refunded.
        status: sql`case when ${giftCard.status} = 'unpaid' then 'cancelled' else ${giftCard.status} end`,
        updatedAt: now,
      })
      .where(inArray(giftCard.id, ids));
    // The delivery emails (already sent, or given up on): that they went stays, not what they said.
    await tx
      .update(emailOutbox)
      .set({
        toAddress: placeholder,
        textBody: '',
        htmlBody: null,
        attachments: null,
        error: null,
        status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
      })
      .where(inArray(emailOutbox.dedupeKey, ids.map(deliveryMailKey)));
  }
  // A card someone else sent them keeps its sale, but not what its buyer wrote about them: the
  // name and message with their address, and the buyer's receipt that repeats them. (Their copy
  // of the delivery email went with the rest of their mail.)
  const received = await tx
    .update(giftCard)
    .set({ recipientName: null, recipientEmail: null, message: null, updatedAt: now })
    .where(sql`lower(${giftCard.recipientEmail}) = ${email}`)
    .returning({ id: giftCard.id });
  if (received.length > 0)
    await tx
      .update(emailOutbox)
      .set({
        textBody: '',
        htmlBody: null,
        attachments: null,
        error: null,
        status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
      })
      .where(
        inArray(
          emailOutbox.dedupeKey,
          received.map((c) => receiptMailKey(c.id)),
        ),
      );
  await tx.delete(rateLimit).where(eq(rateLimit.key, redeemAccountKey(userId)));
}
