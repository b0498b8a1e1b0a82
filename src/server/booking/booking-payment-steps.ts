import { formatPence } from '../../domain/format';
import type { WarnLog } from '../db/warn-log';
import { HttpProblem } from '../http/problem';
import { DECLINE_MESSAGES, type DeclineReason } from '../payments/payment-provider';
import type { PaymentAnswer } from '../../contract/booking';

export type { PaymentAnswer };

// What paying for a booking ended in, decided inside the transaction and answered after it
// commits: a decline must release the slot for good before the customer hears about it, so errors
// are answered only once the release is written (and the provider calls it decided on are made:
// payments/settle-purchase.ts afterSettled).

export type BookingStep =
  | { kind: 'confirmed'; bookingId: string }
  | { kind: 'already-confirmed' }
  | { kind: 'requires_action'; actionUrl: string; clientSecret: string | null }
  | { kind: 'declined'; reason: DeclineReason; bookingId: string; holdKept: boolean }
  | { kind: 'expired'; bookingId: string }
  | { kind: 'credit-changed'; bookingId: string }
  | { kind: 'amount-changed'; bookingId: string; chargedPence: number; duePence: number };

export const holdExpired = () =>
  new HttpProblem(
    410,
    'Your hold on this time ran out before the payment, so the time was released. Please choose a time again.',
    { title: 'Gone', code: 'hold_expired' },
  );

/** Nothing was charged; when the hold is kept, the customer may try another card for the same time. */
export const paymentDeclined = (reason: DeclineReason, holdKept = false) =>
  new HttpProblem(
    402,
    holdKept
      ? `${DECLINE_MESSAGES[reason]} Nothing was charged, and your time is still held for you.`
      : DECLINE_MESSAGES[reason],
    { code: reason, extensions: { slotReleased: !holdKept } },
  );

/** The customer's answer for a settled step, once its follow-ups are done; a refusal throws. */
export function bookingPaymentAnswer(step: BookingStep, log: WarnLog): PaymentAnswer {
  switch (step.kind) {
    case 'confirmed':
    case 'already-confirmed':
      return { status: 'confirmed' };
    case 'requires_action':
      return {
        status: 'requires_action',
        actionUrl: step.actionUrl,
        ...(step.clientSecret ? { clientSecret: step.clientSecret } : {}),
      };
    case 'declined':
      throw paymentDeclined(step.reason, step.holdKept);
    case 'expired':
      throw holdExpired();
    case 'amount-changed':
      // Unreachable unless a path skipped the amounts' freeze: loud, so someone looks.
      log.warn(
        { bookingId: step.bookingId, chargedPence: step.chargedPence, duePence: step.duePence },
        'card charged a different amount than the booking was due: refunded in full and released',
      );
      throw new HttpProblem(
        409,
        `The amount to pay for this booking changed while your payment was under way, so we did not keep it: the ${formatPence(step.chargedPence)} taken from your card is being refunded in full and the time was released. Please choose a time again.`,
        { code: 'amount_changed' },
      );
    case 'credit-changed':
      throw new HttpProblem(
        409,
        'Your wallet credit changed while you were paying, so this booking was released. Please choose a time again.',
        { code: 'credit_changed' },
      );
  }
}
