import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { giftCard, user } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { newGiftCardCode } from './gift-card-code';
import {
  DELIVERY_SUBJECT,
  RECEIPT_SUBJECT,
  deliveryHtml,
  deliveryText,
  receiptHtml,
  receiptText,
  type DeliveryEmail,
  type ReceiptEmail,
} from './gift-card-emails';
import { deliveryMailKey, receiptMailKey, type GiftCardRow } from './gift-card-db';

/**
 * A paid order becomes a card, in the transaction that records the payment: its code is made
 * here, only its hash is kept, and the code goes into the recipient's email, queued in the outbox
 * not to be sent before the card's delivery time. So the email exists if and only if the payment
 * is recorded, is never sent before its day, is sent once (its dedupe key), and survives any
 * restart. The buyer gets a receipt at once. Caller holds the card's lock and saw it unpaid.
 */
export async function issueGiftCard(
  ctx: Pick<AppContext, 'config'>,
  tx: Db,
  card: GiftCardRow,
  now: Date,
): Promise<void> {
  const code = newGiftCardCode();
  const issued = await tx
    .update(giftCard)
    .set({
      status: 'active',
      codeHash: code.hash,
      codeLast4: code.last4,
      balancePence: card.amountPence,
      paidAt: now,
      updatedAt: now,
    })
    .where(and(eq(giftCard.id, card.id), eq(giftCard.status, 'unpaid')))
    .returning({ id: giftCard.id });
  if (issued.length !== 1) throw new Error(`gift card ${card.id} was not unpaid: lock not held?`);

  const [buyer] = await tx
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, card.buyerUserId));
  if (!buyer || !card.recipientEmail || !card.recipientName)
    throw new Error(`gift card ${card.id} has no buyer or recipient to write to`);
  const { publicUrl } = ctx.config;
  const sendsNow = card.deliverAt.getTime() <= now.getTime();
  const delivery: DeliveryEmail = {
    recipientName: card.recipientName,
    buyerName: buyer.name,
    amountPence: card.amountPence,
    message: card.message,
    code: code.code,
    publicUrl,
  };
  await enqueueMail(tx, {
    to: card.recipientEmail,
    subject: DELIVERY_SUBJECT,
    text: deliveryText(delivery),
    html: deliveryHtml(delivery),
    dedupeKey: deliveryMailKey(card.id),
    // Due now: the database's now(), like any mail. Later: the day's 09:00, as an instant.
    ...(sendsNow ? {} : { notBefore: card.deliverAt }),
  });
  const receipt: ReceiptEmail = {
    buyerName: buyer.name,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    amountPence: card.amountPence,
    sendOn: card.sendOn,
    sendsNow,
    codeLast4: code.last4,
    publicUrl,
  };
  await enqueueMail(tx, {
    to: buyer.email,
    subject: RECEIPT_SUBJECT,
    text: receiptText(receipt),
    html: receiptHtml(receipt),
    dedupeKey: receiptMailKey(card.id),
  });
}
