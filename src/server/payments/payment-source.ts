import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { savedCard } from '../db/schema';
import { HttpProblem, badRequest } from '../http/problem';
import { cardSource } from './card-input';
import { NO_CARD, type CardDetails, type PaymentSource } from './payment-provider';
import type { PaymentInput } from '../../contract/booking';

// The card a payment is made with, checked before any attempt is written: a new card from our own
// form (demo) or Stripe.js's token, or one of the customer's saved cards. Shared by every kind of
// purchase (a booking, a gift card).

/** What a card payment's request body carries: a new card or a saved one. */
export type CardPaymentInput = Exclude<PaymentInput, { method: 'invoice' } | { method: 'credit' }>;

export const cardProblem = (field: string, message: string) =>
  new HttpProblem(422, message, { code: 'unknown_card', errors: [{ field, message }] });

/** The card to charge, checked: a new card from the form or token, or one of the customer's own. */
export async function sourceOf(
  ctx: AppContext,
  tx: Db,
  customerId: string,
  input: CardPaymentInput,
): Promise<{ source: PaymentSource; saveCard: boolean; known: CardDetails }> {
  if (input.method === 'saved-card') {
    const [card] = await tx
      .select()
      .from(savedCard)
      .where(
        and(
          eq(savedCard.id, input.cardId),
          eq(savedCard.userId, customerId),
          eq(savedCard.provider, ctx.payments.name),
        ),
      );
    if (!card) throw cardProblem('body.cardId', 'Choose one of your saved cards.');
    return {
      source: { kind: 'saved', providerCardId: card.providerCardId },
      saveCard: false,
      known: {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        paymentMethodId: card.providerCardId,
      },
    };
  }
  const saveCard = input.saveCard ?? false;
  if (ctx.payments.newCardSource === 'payment-method') {
    if (!input.paymentMethodId)
      throw badRequest('Card details are collected by the payment form: send paymentMethodId.', [
        { field: 'body.paymentMethodId', message: 'is required with this payment provider' },
      ]);
    return {
      source: { kind: 'payment-method', paymentMethodId: input.paymentMethodId },
      saveCard,
      known: NO_CARD,
    };
  }
  if (!input.card)
    throw badRequest('Enter your card details.', [
      { field: 'body.card', message: 'Enter your card details.' },
    ]);
  return { source: cardSource(input.card, ctx.now()), saveCard, known: NO_CARD };
}
