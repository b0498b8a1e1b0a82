import { formatPence } from '../../domain/format';
import type { AppContext } from '../app-context';
import { HttpProblem } from '../http/problem';
import { DECLINE_MESSAGES, type DeclineReason } from '../payments/payment-provider';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import type { WarnLog } from '../booking/booking-db';
import type { PaymentAnswer } from '../../contract/booking';

export type { PaymentAnswer };

// What a payment attempt ended in, decided inside the transaction and acted on after it commits:
// a decline must release the slot for good before the customer hears about it, so errors are
// answered only once the release is written.

export type PaymentStep =
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
    { title: 'Gone', extensions: { code: 'hold_expired' } },
  );

/** Nothing was charged; when the hold is kept, the customer may try another card for the same time. */
export const paymentDeclined = (reason: DeclineReason, holdKept = false) =>
  new HttpProblem(
    402,
    holdKept
      ? `${DECLINE_MESSAGES[reason]} Nothing was charged, and your time is still held for you.`
      : DECLINE_MESSAGES[reason],
    { extensions: { code: reason, slotReleased: !holdKept } },
  );

/**
 * Acts on a settled step after its transaction has committed: provider calls it decided on are
 * made now (and retried by the worker if this fails), and errors are answered only once the
 * release of the slot is written.
 */
export async function afterPayment(
  ctx: AppContext,
  step: PaymentStep,
  log: WarnLog,
): Promise<PaymentAnswer> {
  if (step.kind === 'confirmed') ctx.mailer.wake();
  // Only a refused or lost payment can have queued a refund or an abandonment.
  if (step.kind !== 'confirmed' && step.kind !== 'requires_action')
    await runProviderTasksNow(ctx, log);
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
      ctx.availabilityCache.clear();
      throw paymentDeclined(step.reason, step.holdKept);
    case 'expired':
      ctx.availabilityCache.clear();
      throw holdExpired();
    case 'amount-changed':
      ctx.availabilityCache.clear();
      // Unreachable unless a path skipped the amounts' freeze: loud, so someone looks.
      log.warn(
        { bookingId: step.bookingId, chargedPence: step.chargedPence, duePence: step.duePence },
        'card charged a different amount than the booking was due: refunded in full and released',
      );
      throw new HttpProblem(
        409,
        `The amount to pay for this booking changed while your payment was under way, so we did not keep it: the ${formatPence(step.chargedPence)} taken from your card is being refunded in full and the time was released. Please choose a time again.`,
        { extensions: { code: 'amount_changed' } },
      );
    case 'credit-changed':
      ctx.availabilityCache.clear();
      throw new HttpProblem(
        409,
        'Your wallet credit changed while you were paying, so this booking was released. Please choose a time again.',
        { extensions: { code: 'credit_changed' } },
      );
  }
}
