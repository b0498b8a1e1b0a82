import { HOUR_MS } from './constants';

/** The cancellation terms customers are shown; the same numbers decide every refund. */
export interface CancellationPolicy {
  freeCancellationHours: number;
  partialRefundUntilHours: number;
  partialRefundPercent: number;
  rescheduleNoticeHours: number;
}

export type CancellationBand = 'free' | 'partial' | 'late' | 'started';

export interface CancellationTerms {
  /** False once the appointment has started: there is nothing left to cancel. */
  allowed: boolean;
  band: CancellationBand;
  /** Share of what the customer paid (card and wallet credit alike) that comes back. */
  refundPercent: number;
}

/**
 * Free until `freeCancellationHours` before the start (exactly 24 hours before is still free),
 * `partialRefundPercent` until `partialRefundUntilHours` before (exactly 2 hours before still
 * gets it), nothing after that, and no cancelling once it has started. Instants, not wall-clock
 * times: "24 hours before" is 24 real hours whatever the clocks did in between.
 */
export function cancellationTerms(
  policy: CancellationPolicy,
  startsAt: number,
  now: number,
): CancellationTerms {
  const lead = startsAt - now;
  if (lead <= 0) return { allowed: false, band: 'started', refundPercent: 0 };
  if (lead >= policy.freeCancellationHours * HOUR_MS)
    return { allowed: true, band: 'free', refundPercent: 100 };
  if (lead >= policy.partialRefundUntilHours * HOUR_MS)
    return { allowed: true, band: 'partial', refundPercent: policy.partialRefundPercent };
  return { allowed: true, band: 'late', refundPercent: 0 };
}

/** Whole pence, half a penny rounded up in the customer's favour. */
export function percentOf(pence: number, percent: number): number {
  return Math.floor((pence * percent + 50) / 100);
}

export interface RefundSplit {
  /** Back to the card (or off the invoice). */
  cardRefundPence: number;
  /** Back to the wallet: the credit spent on the booking, by the same share. */
  walletRefundPence: number;
  refundPence: number;
}

/** Each part of the payment comes back by the same share, so how someone paid never changes the terms. */
export function refundSplit(
  paid: { amountPaidPence: number; creditAppliedPence: number },
  refundPercent: number,
): RefundSplit {
  const cardRefundPence = percentOf(paid.amountPaidPence, refundPercent);
  const walletRefundPence = percentOf(paid.creditAppliedPence, refundPercent);
  return { cardRefundPence, walletRefundPence, refundPence: cardRefundPence + walletRefundPence };
}

/** Moving an appointment needs `rescheduleNoticeHours` of notice before the original start (exactly 24 is enough). */
export function canReschedule(policy: CancellationPolicy, startsAt: number, now: number): boolean {
  return startsAt - now >= policy.rescheduleNoticeHours * HOUR_MS;
}
