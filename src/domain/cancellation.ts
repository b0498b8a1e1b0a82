import { HOUR_MS } from './constants';
import { formatLongDateOfInstant, formatPence, formatUkTime } from './format';

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

/** What a booking's terms are worked out from: its start and what is (or is about to be) paid. */
export interface TermsBooking {
  startsAt: number;
  /** Paid, or to be paid, by card or invoice. */
  amountPaidPence: number;
  /** Wallet credit spent, or to be spent, on it. */
  creditAppliedPence: number;
}

/** Why an appointment can no longer be moved. */
export type NoRescheduleReason = 'notice' | 'started';

export type RescheduleTerms =
  { allowed: true; until: number } | { allowed: false; reason: NoRescheduleReason };

/** The terms as they stand at one instant: what cancelling now gives, and what comes next. */
export interface TermsAt extends CancellationTerms, RefundSplit {
  /** Free cancellation ends at this instant; null once it has (so no page offers a past deadline). */
  freeUntil: number | null;
  /** The partial refund ends at this instant; null once it has. */
  partialUntil: number | null;
  /** When these terms next change (a band ends, or the start); null once it has started. */
  changesAt: number | null;
  reschedule: RescheduleTerms;
}

/**
 * The cancellation and reschedule terms of a booking at `now`: the one answer the payment step,
 * the confirmation, its email, the appointment page and the cancel dialog all show, so none of
 * them can offer a deadline that has already passed (issue 33: paying at 23:45 for 10:00 the next
 * morning is inside the 24 hours, so "free cancellation until 10:00 yesterday" is wrong).
 */
export function termsAt(policy: CancellationPolicy, booking: TermsBooking, now: number): TermsAt {
  const terms = cancellationTerms(policy, booking.startsAt, now);
  const freeEnds = booking.startsAt - policy.freeCancellationHours * HOUR_MS;
  const partialEnds = booking.startsAt - policy.partialRefundUntilHours * HOUR_MS;
  const freeUntil = terms.band === 'free' ? freeEnds : null;
  const partialUntil = terms.band === 'free' || terms.band === 'partial' ? partialEnds : null;
  const reschedule: RescheduleTerms = !terms.allowed
    ? { allowed: false, reason: 'started' }
    : canReschedule(policy, booking.startsAt, now)
      ? { allowed: true, until: booking.startsAt - policy.rescheduleNoticeHours * HOUR_MS }
      : { allowed: false, reason: 'notice' };
  // The boundaries are inclusive (exactly 24 h before is still free): terms change just after.
  const next = [freeUntil, partialUntil, reschedule.allowed ? reschedule.until : null]
    .filter((t): t is number => t !== null)
    .map((t) => t + 1);
  return {
    ...terms,
    ...refundSplit(booking, terms.refundPercent),
    freeUntil,
    partialUntil,
    changesAt: terms.allowed ? Math.min(...next, booking.startsAt) : null,
    reschedule,
  };
}

/** "10:00 on Wednesday 25 November 2026", UK wall-clock. */
function when(instant: number, timeZone: string): string {
  return `${formatUkTime(instant, timeZone)} on ${formatLongDateOfInstant(instant, timeZone)}`;
}

/**
 * The terms in words, one sentence a line, for every place that shows them (pages and emails
 * alike), so they cannot disagree. Minutes are the words' resolution: "until 08:00" includes 08:00.
 */
export function termsLines(policy: CancellationPolicy, terms: TermsAt, timeZone: string): string[] {
  const lines: string[] = [];
  const share = (pence: number, percent: number) =>
    percent >= 100
      ? `a full refund, ${formatPence(pence)}`
      : `${percent}% back, ${formatPence(pence)}`;
  if (terms.band === 'started') return ['It has started, so it can no longer be cancelled.'];
  if (terms.freeUntil !== null) {
    lines.push(
      `Free cancellation until ${when(terms.freeUntil, timeZone)} (${policy.freeCancellationHours} hours before).`,
    );
  } else if (terms.band === 'partial') {
    lines.push(`Cancel now: ${share(terms.refundPence, terms.refundPercent)}.`);
  } else {
    lines.push(
      `Cancel now: no refund, as it starts in less than ${policy.partialRefundUntilHours} hours.`,
    );
  }
  if (terms.partialUntil !== null) {
    lines.push(
      terms.band === 'free'
        ? `${policy.partialRefundPercent}% back from then until ${when(terms.partialUntil, timeZone)}; no refund after that.`
        : `No refund after ${when(terms.partialUntil, timeZone)} (${policy.partialRefundUntilHours} hours before).`,
    );
  }
  lines.push(
    terms.reschedule.allowed
      ? `You can move it to another time until ${when(terms.reschedule.until, timeZone)}.`
      : `It can no longer be moved: appointments can be moved up to ${policy.rescheduleNoticeHours} hours before they start.`,
  );
  return lines;
}
