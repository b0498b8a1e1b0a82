import { setPayment, type PaymentRow, type SuccessChange } from '../booking/booking-transitions';
import type { Db } from '../db/client';
import type { CardDetails, DeclineReason } from '../payments/payment-provider';

// What the provider says about a payment attempt — the answer to our own call, the customer's
// return from 3-D Secure, a webhook, or what the reconciler found out — in one shape, whatever is
// being paid for (settle-payment.ts for a booking, settle-gift-card-payment.ts for a gift card).

export type ProviderNews =
  | { status: 'succeeded'; providerPaymentId?: string | null; card?: CardDetails }
  | {
      status: 'requires_action';
      providerPaymentId: string;
      actionUrl: string;
      clientSecret: string | null;
      card?: CardDetails;
    }
  | {
      status: 'failed';
      reason: DeclineReason;
      providerPaymentId?: string | null;
      card?: CardDetails;
    }
  | { status: 'canceled' };

/** Payments whose money has arrived (and may since have gone back). */
export const SETTLED = new Set(['succeeded', 'partially_refunded', 'refunded', 'invoiced']);
/** Payments still waiting to hear from the provider. */
export const WAITING = new Set(['pending', 'requires_action', 'processing']);

/** Card details the payment does not have yet, from the news. */
export function cardChanges(p: PaymentRow, card: CardDetails | undefined) {
  return {
    cardBrand: p.cardBrand ?? card?.brand ?? null,
    cardLast4: p.cardLast4 ?? card?.last4 ?? null,
    cardExpMonth: p.cardExpMonth ?? card?.expMonth ?? null,
    cardExpYear: p.cardExpYear ?? card?.expYear ?? null,
    providerPaymentMethodId: p.providerPaymentMethodId ?? card?.paymentMethodId ?? null,
  };
}

/** The payment as a success leaves it: card details filled in, and only ever moved forward. */
export function afterSuccess(
  p: PaymentRow,
  news: Extract<ProviderNews, { status: 'succeeded' }>,
): PaymentRow {
  return {
    ...p,
    ...cardChanges(p, news.card),
    providerPaymentId: p.providerPaymentId ?? news.providerPaymentId ?? null,
    // A refund that arrived first keeps its status: news only moves a payment forward.
    status: SETTLED.has(p.status) ? p.status : 'succeeded',
  };
}

/** What afterSuccess worked out, as the payment's UPDATE writes it; the bank's page is no longer needed. */
export function successChange(paid: PaymentRow, now: Date): SuccessChange {
  return {
    paymentId: paid.id,
    changes: {
      status: paid.status,
      providerPaymentId: paid.providerPaymentId,
      cardBrand: paid.cardBrand,
      cardLast4: paid.cardLast4,
      cardExpMonth: paid.cardExpMonth,
      cardExpYear: paid.cardExpYear,
      providerPaymentMethodId: paid.providerPaymentMethodId,
      actionUrl: null,
      updatedAt: now,
    },
  };
}

/** Writes what afterSuccess worked out, on its own. */
export async function recordSuccess(tx: Db, paid: PaymentRow, now: Date): Promise<void> {
  const { paymentId, changes } = successChange(paid, now);
  await setPayment(tx, paymentId, changes, now);
}
