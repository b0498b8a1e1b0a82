import { eq } from 'drizzle-orm';
import { UK_TIME_ZONE } from '../../domain/constants';
import {
  giftCardDeliveryInstant,
  sendDateProblem,
  type GiftCardDetails,
} from '../../domain/gift-card';
import type { Db } from '../db/client';
import { giftCard } from '../db/schema';
import { badRequest } from '../http/problem';
import { lockGiftCard, type GiftCardRow } from './gift-card-db';

// An order is the gift card row itself, unpaid until a payment for it succeeds. Its id is made by
// the web app once per order, so a repeated request (double click, retry, second tab) finds the
// same order instead of buying a second card. Called under the order's lock by step 1 of paying
// for it (gift-card-purchase.ts).

function checkSendDate(sendOn: string, now: Date): void {
  const problem = sendDateProblem(sendOn, now.getTime(), UK_TIME_ZONE);
  if (problem) throw badRequest(problem, [{ field: 'body.sendOn', message: problem }]);
}

function columnsOf(details: GiftCardDetails, now: Date) {
  return {
    amountPence: details.amountPence,
    balancePence: details.amountPence,
    recipientName: details.recipientName,
    recipientEmail: details.recipientEmail,
    message: details.message === '' ? null : details.message,
    sendOn: details.sendOn,
    deliverAt: new Date(giftCardDeliveryInstant(details.sendOn, now.getTime(), UK_TIME_ZONE)),
  };
}

/**
 * The buyer's order, created on first sight and locked: null when the id is someone else's order.
 * A repeat of a request only reads the order; the details it carries are applied by
 * reviseGiftCardOrder when a new payment attempt is about to start.
 */
export async function lockGiftCardOrder(
  tx: Db,
  buyerUserId: string,
  orderId: string,
  details: GiftCardDetails,
  now: Date,
): Promise<GiftCardRow | null> {
  const existing = await lockGiftCard(tx, orderId);
  if (existing) return existing.buyerUserId === buyerUserId ? existing : null;
  checkSendDate(details.sendOn, now);
  await tx
    .insert(giftCard)
    .values({
      id: orderId,
      buyerUserId,
      status: 'unpaid',
      ...columnsOf(details, now),
      createdAt: now,
      updatedAt: now,
    })
    // Two first requests at once: the second waits for the first's row, then locks it below.
    .onConflictDoNothing({ target: giftCard.id });
  const row = await lockGiftCard(tx, orderId);
  return row && row.buyerUserId === buyerUserId ? row : null;
}

/**
 * Before a new attempt (the first, or another card after a decline) the order takes the details
 * of the request being paid now: a buyer who corrects the amount after a decline pays for what the
 * form shows. Only an unpaid order with no attempt in flight is revised.
 */
export async function reviseGiftCardOrder(
  tx: Db,
  order: GiftCardRow,
  details: GiftCardDetails,
  now: Date,
): Promise<GiftCardRow> {
  if (order.status !== 'unpaid') throw new Error(`gift card ${order.id} is not an unpaid order`);
  checkSendDate(details.sendOn, now);
  const [row] = await tx
    .update(giftCard)
    .set({ ...columnsOf(details, now), updatedAt: now })
    .where(eq(giftCard.id, order.id))
    .returning();
  if (!row) throw new Error(`gift card ${order.id} vanished under its lock`);
  return row;
}
