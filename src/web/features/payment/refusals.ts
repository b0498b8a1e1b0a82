import type { ApiError, ProblemCode } from '../../lib/api';

// What the payment form does when the server refuses a payment, whatever was being bought (a held
// booking, a gift card order, a tip), decided by the problem's code (decisions 0072 and 0095),
// never by its words. What the customer reads is the server's `detail` in every case.

type Refusal = Pick<ApiError, 'status' | 'code' | 'extensions'>;

/** The card was refused; nothing was charged (slotReleased says whether the hold is kept). */
const DECLINED: ReadonlySet<ProblemCode> = new Set([
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'processing_error',
]);

/** What was being paid for can no longer be paid for: choose again. */
const LOST: ReadonlySet<ProblemCode> = new Set([
  'hold_expired',
  'amount_changed',
  'credit_changed',
  'order_cancelled',
  'payee_not_connected',
  'booking_cancelled',
  'payment_failed',
  'awaiting_bank',
]);

export type PaymentRefusal =
  /** Another card, for the time still held. */
  | 'declined-hold-kept'
  /** Refused, and the time or order went with it. */
  | 'declined'
  /** Gone: expired, released, cancelled, already paid. */
  | 'lost'
  /**
   * Said in the form: a field, a saved card that is not theirs, a method not allowed, credit that
   * falls short, still confirming, a tip no longer open or already given.
   */
  | 'form';

export function paymentRefusal(error: Refusal): PaymentRefusal {
  if (error.code && DECLINED.has(error.code)) {
    return error.extensions.slotReleased === false ? 'declined-hold-kept' : 'declined';
  }
  if (error.code) return LOST.has(error.code) ? 'lost' : 'form';
  // Every refusal has a code (decision 0095); without one, a 404 is no such booking or order, and
  // anything else (a malformed field) is said in the form.
  return error.status === 404 ? 'lost' : 'form';
}
