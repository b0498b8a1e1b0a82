import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox, giftCard, payment } from '../db/schema';
import { deliveryMailKey } from './gift-card-db';
import type { GiftCardPurchase, GiftCardPurchaseState } from '../../contract/gift-cards';

/**
 * The buyer's gift cards, newest first, with where each one stands: its email scheduled, on its
 * way, sent or undeliverable (read from the outbox), redeemed or refunded. An order waiting for
 * the bank's check is listed with where to finish it; one that was never paid is not listed. Only
 * the last four symbols of a code are shown: the code itself is the recipient's.
 */
export async function listGiftCards(
  db: Db,
  buyerId: string,
  now: Date,
): Promise<GiftCardPurchase[]> {
  const cards = await db
    .select()
    .from(giftCard)
    .where(and(eq(giftCard.buyerUserId, buyerId), ne(giftCard.status, 'cancelled')))
    .orderBy(desc(giftCard.createdAt), desc(giftCard.id));
  if (cards.length === 0) return [];
  const ids = cards.map((c) => c.id);
  const payments = await db
    .select({
      giftCardId: payment.giftCardId,
      status: payment.status,
      actionUrl: payment.actionUrl,
    })
    .from(payment)
    .where(inArray(payment.giftCardId, ids))
    .orderBy(desc(payment.attempt));
  const latest = new Map<string, (typeof payments)[number]>();
  for (const p of payments)
    if (p.giftCardId && !latest.has(p.giftCardId)) latest.set(p.giftCardId, p);
  const mails = await db
    .select({ key: emailOutbox.dedupeKey, status: emailOutbox.status })
    .from(emailOutbox)
    .where(inArray(emailOutbox.dedupeKey, ids.map(deliveryMailKey)));
  const mailStatus = new Map(mails.map((m) => [m.key, m.status]));

  const listed: GiftCardPurchase[] = [];
  for (const card of cards) {
    const last = latest.get(card.id);
    let state: GiftCardPurchaseState;
    let actionUrl: string | null = null;
    if (card.status === 'unpaid') {
      if (last?.status !== 'requires_action' || !last.actionUrl) continue;
      state = 'awaiting_payment';
      actionUrl = last.actionUrl;
    } else if (card.status === 'redeemed' || card.status === 'refunded') {
      state = card.status;
    } else {
      const mail = mailStatus.get(deliveryMailKey(card.id));
      state =
        mail === 'sent'
          ? 'sent'
          : mail === 'failed'
            ? 'not_delivered'
            : card.deliverAt.getTime() > now.getTime()
              ? 'scheduled'
              : 'sending';
    }
    listed.push({
      id: card.id,
      amountPence: card.amountPence,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      message: card.message,
      sendOn: card.sendOn,
      deliverAt: card.deliverAt.toISOString(),
      status: state,
      codeLast4: card.codeLast4,
      createdAt: card.createdAt.toISOString(),
      actionUrl,
    });
  }
  return listed;
}
