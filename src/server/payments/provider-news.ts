import type { Db } from '../db/client';
import type { payment } from '../db/schema';
import type {
  CardDetails,
  ChargeOutcome,
  DeclineReason,
  RecoveredCharge,
} from './payment-provider';
import { setPayment, type PaymentRow } from './payment-rows';
import { purchaseOf, purchaseQuery, type PurchaseRef } from './purchase-ref';

// What the provider says about a payment attempt — the answer to our own call, the customer's
// return from 3-D Secure, a webhook, or what the reconciler found out — in one shape, whatever is
// being paid for, and what it makes of the payment's row.

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

export type SucceededNews = Extract<ProviderNews, { status: 'succeeded' }>;

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
export function afterSuccess(p: PaymentRow, news: SucceededNews): PaymentRow {
  return {
    ...p,
    ...cardChanges(p, news.card),
    providerPaymentId: p.providerPaymentId ?? news.providerPaymentId ?? null,
    // A refund that arrived first keeps its status: news only moves a payment forward.
    status: SETTLED.has(p.status) ? p.status : 'succeeded',
  };
}

/** What a card payment's success writes to its payment row (successChange). */
export const SUCCESS_COLUMNS = [
  'status',
  'providerPaymentId',
  'cardBrand',
  'cardLast4',
  'cardExpMonth',
  'cardExpYear',
  'providerPaymentMethodId',
  'actionUrl',
  'updatedAt',
] as const satisfies readonly (keyof typeof payment.$inferInsert)[];

export type SuccessColumn = (typeof SUCCESS_COLUMNS)[number];

/** A payment's success, as one UPDATE writes it (on its own, or in a purchase's own statement). */
export interface SuccessChange {
  paymentId: string;
  changes: Required<Pick<typeof payment.$inferInsert, SuccessColumn>>;
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

/**
 * Where the customer goes to authenticate: the provider's own page when it gives one, else our
 * /authorisation/confirm (the demo bank page for `payment=`, the re-check page for `payment_intent=`).
 */
export function actionUrlOf(
  provider: string,
  purchase: PurchaseRef,
  paymentId: string,
  outcome: Extract<ChargeOutcome, { kind: 'requires_action' }>,
): string {
  if (outcome.redirectUrl) return outcome.redirectUrl;
  return provider === 'demo'
    ? `/authorisation/confirm?${purchaseQuery(purchase)}&payment=${paymentId}`
    : `/authorisation/confirm?${purchaseQuery(purchase)}&payment_intent=${outcome.providerPaymentId}`;
}

/** The provider's answer to a charge (ours, or the reconciler's question) as news. */
export function newsOf(p: PaymentRow, outcome: RecoveredCharge): ProviderNews {
  switch (outcome.kind) {
    case 'succeeded':
      return {
        status: 'succeeded',
        providerPaymentId: outcome.providerPaymentId,
        card: outcome.card,
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        providerPaymentId: outcome.providerPaymentId,
        actionUrl: actionUrlOf(p.provider, purchaseOf(p), p.id, outcome),
        clientSecret: outcome.clientSecret,
        card: outcome.card,
      };
    case 'declined':
      return {
        status: 'failed',
        reason: outcome.reason,
        providerPaymentId: outcome.providerPaymentId,
        card: outcome.card,
      };
    case 'not_charged':
      return { status: 'failed', reason: 'processing_error' };
  }
}
