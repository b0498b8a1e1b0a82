import { describe, expect, it } from 'vitest';
import type { ProblemCode } from '../../lib/api';
import { paymentRefusal } from './refusals';

// The payment form decides from the problem's code, not its status nor its words: several
// refusals share 409 or 422 and need different handling (decisions 0072 and 0095).

const problem = (status: number, code?: ProblemCode, extensions: Record<string, unknown> = {}) => ({
  status,
  code,
  extensions,
});

describe('paymentRefusal', () => {
  it('keeps the hold for another card only when the server says the slot was not released', () => {
    for (const code of [
      'card_declined',
      'insufficient_funds',
      'authentication_failed',
      'processing_error',
    ] as const) {
      expect(paymentRefusal(problem(402, code, { slotReleased: false }))).toBe(
        'declined-hold-kept',
      );
      expect(paymentRefusal(problem(402, code, { slotReleased: true }))).toBe('declined');
      // A gift card's refusal has no hold to keep.
      expect(paymentRefusal(problem(402, code))).toBe('declined');
    }
  });

  it('lets go of what can no longer be paid for', () => {
    for (const [status, code] of [
      [410, 'hold_expired'],
      [409, 'amount_changed'],
      [409, 'credit_changed'],
      [409, 'order_cancelled'],
      [422, 'payee_not_connected'],
      [409, 'booking_cancelled'],
      [409, 'payment_failed'],
      [409, 'awaiting_bank'],
    ] as const)
      expect(paymentRefusal(problem(status, code))).toBe('lost');
    // No code: an unknown booking or order.
    expect(paymentRefusal(problem(404))).toBe('lost');
  });

  it('says in the form what the customer can put right there, keeping the hold', () => {
    for (const [status, code] of [
      [422, 'credit_short'],
      [422, 'invoice_not_allowed'],
      [422, 'unknown_card'],
      [503, 'payment_pending'],
      [409, 'tip_not_open'],
      [409, 'already_tipped'],
    ] as const)
      expect(paymentRefusal(problem(status, code))).toBe('form');
    // A wrong card field: no code, a field error.
    expect(paymentRefusal(problem(400))).toBe('form');
  });
});
