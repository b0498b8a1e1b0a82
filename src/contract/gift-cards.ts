import { z } from 'zod';
import { giftCardDetailsSchema } from '../domain/gift-card';
import { newCardPayment, savedCardPayment } from './booking';
import { isoDay, isoInstant, pence } from './common';

// Gift cards: buying one (POST /api/gift-cards, paid like a booking, 3-D Secure included), the
// buyer's purchases (GET /api/me/gift-cards) and redeeming a code into the wallet
// (POST /api/me/wallet/redeem). See docs/decisions/0031-gift-cards.md.

export const giftCardParams = z.object({ id: z.uuid({ message: 'must be a gift card id' }) });

const order = {
  orderId: z
    .uuid({ message: 'must be an order id' })
    .describe(
      'Made by the web app once per order, so that a repeated request (a double click, a retry) ' +
        'finds the same order and never buys twice',
    ),
  ...giftCardDetailsSchema.shape,
  sendOn: isoDay.describe('The UK day the recipient gets the email: today or up to a year ahead'),
};

/** The gift card's details and, in the same shape as a booking's payment, the card to pay with. */
export const giftCardPurchaseBody = z.discriminatedUnion('method', [
  newCardPayment.extend(order),
  savedCardPayment.extend(order),
]);

/** What paying ended in; a refused card is a 402 problem, as for a booking. */
export const giftCardPaymentAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed'), giftCardId: z.string() }),
  z.object({
    status: z.literal('requires_action'),
    giftCardId: z.string(),
    actionUrl: z.string().describe("The bank's authentication page"),
    clientSecret: z.string().optional().describe('Stripe: for Stripe.js to finish the payment'),
  }),
]);

export const GIFT_CARD_ORDER_STATES = ['awaiting_payment', 'paid', 'cancelled'] as const;

/** Where an order's payment stands after the provider's own authentication page. */
export const giftCardPaymentStatusSchema = z.object({
  giftCardId: z.string(),
  status: z.enum(GIFT_CARD_ORDER_STATES),
  paymentStatus: z.string().nullable(),
  detail: z.string().nullable().describe('Why the payment failed, in the customer’s words'),
  actionUrl: z.string().nullable(),
});

/**
 * A purchase as its buyer sees it. awaiting_payment: the bank's check is not finished (actionUrl
 * says where to finish it); scheduled: paid, the email goes on the send date; sending: due and
 * queued; sent; not_delivered: the email could not be delivered; redeemed; refunded.
 */
export const GIFT_CARD_PURCHASE_STATES = [
  'awaiting_payment',
  'scheduled',
  'sending',
  'sent',
  'not_delivered',
  'redeemed',
  'refunded',
] as const;

export const giftCardPurchaseSchema = z.object({
  id: z.string(),
  amountPence: pence,
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
  sendOn: isoDay,
  deliverAt: isoInstant.describe('When the email is due'),
  status: z.enum(GIFT_CARD_PURCHASE_STATES),
  codeLast4: z.string().nullable().describe('The last four symbols of the code, once paid'),
  createdAt: isoInstant,
  actionUrl: z.string().nullable(),
});

export const giftCardPurchasesAnswer = z.object({
  giftCards: z.array(giftCardPurchaseSchema).describe('Newest first'),
});

export const redeemGiftCardBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code from your gift card email')
    .max(64, 'Enter the code as it appears in the email, like GLOW-7K2Q-…'),
});

export const redeemGiftCardAnswer = z.object({
  addedPence: pence.describe('What the gift card added to the wallet'),
  balancePence: pence.describe('The wallet balance after it'),
});

export type GiftCardPurchaseRequest = z.input<typeof giftCardPurchaseBody>;
export type GiftCardPurchaseInput = z.output<typeof giftCardPurchaseBody>;
export type GiftCardPaymentAnswer = z.infer<typeof giftCardPaymentAnswer>;
export type GiftCardPaymentStatus = z.infer<typeof giftCardPaymentStatusSchema>;
export type GiftCardPurchase = z.infer<typeof giftCardPurchaseSchema>;
export type GiftCardPurchaseState = (typeof GIFT_CARD_PURCHASE_STATES)[number];
export type RedeemGiftCardAnswer = z.infer<typeof redeemGiftCardAnswer>;
