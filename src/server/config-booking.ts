import type { LateArrivalPolicy } from '../domain/booking-progress';
import { LATE_ARRIVAL_CREDIT_AFTER_MINUTES, LATE_ARRIVAL_CREDIT_PENCE } from '../domain/constants';
import { int, type EnvOf } from './config-values';

// A booking's rules, from the search to after the visit: notice and holds, the waitlist's offer,
// the cancellation policy, the reminder, reviews and the lateness credit.

export const bookingEnv = {
  BOOKING_NOTICE_MINUTES: int(0, 7 * 24 * 60).default(60),
  HOLD_MINUTES: int(1, 120).default(10),
  /** How long a freed time is held for the waiting customer asked (docs/decisions/0089). */
  WAITLIST_OFFER_MINUTES: int(1, 120).default(15),
  AVAILABILITY_CACHE_SECONDS: int(0, 300).default(3),
  // Cancellation policy, shown to customers and applied by the code from the same values.
  FREE_CANCELLATION_HOURS: int(0, 24 * 14).default(24),
  PARTIAL_REFUND_UNTIL_HOURS: int(0, 24 * 14).default(2),
  PARTIAL_REFUND_PERCENT: int(0, 100).default(50),
  RESCHEDULE_NOTICE_HOURS: int(0, 24 * 14).default(24),
  /** The reminder (email and push) goes this long before a confirmed booking's start. */
  REMINDER_LEAD_HOURS: int(1, 24 * 14).default(24),
  /** Reviews (docs/decisions/0086): a therapist's rating is shown once this many are visible. */
  REVIEWS_SHOWN_FROM: int(1, 100).default(3),
  /** The "How was your treatment?" email and push go this long after the booking is completed. */
  REVIEW_REQUEST_AFTER_HOURS: int(0, 72).default(3),
  /**
   * The lateness credit (docs/decisions/0084): a therapist arriving more than this many minutes
   * after the booked start earns the customer LATE_ARRIVAL_CREDIT_PENCE of wallet credit (0: none).
   */
  LATE_ARRIVAL_CREDIT_AFTER_MINUTES: int(0, 24 * 60).default(LATE_ARRIVAL_CREDIT_AFTER_MINUTES),
  LATE_ARRIVAL_CREDIT_PENCE: int(0, 100_000).default(LATE_ARRIVAL_CREDIT_PENCE),
};

export interface CancellationPolicyConfig {
  freeCancellationHours: number;
  partialRefundUntilHours: number;
  partialRefundPercent: number;
  rescheduleNoticeHours: number;
}

export interface ReviewsConfig {
  /** Visible reviews a therapist needs before their rating and reviews are shown. */
  shownFrom: number;
  requestAfterHours: number;
}

export interface BookingSettings {
  bookingNoticeMinutes: number;
  holdMinutes: number;
  /** A waitlist offer's exclusive hold, in minutes. */
  waitlistOfferMinutes: number;
  availabilityCacheSeconds: number;
  cancellation: CancellationPolicyConfig;
  reminderLeadHours: number;
  reviews: ReviewsConfig;
  /** The lateness credit; creditPence 0: none is given. */
  lateArrival: LateArrivalPolicy;
}

/** The booking rules; a cancellation policy that contradicts itself is added to problems. */
export function bookingOf(e: EnvOf<typeof bookingEnv>, problems: string[]): BookingSettings {
  if (e.PARTIAL_REFUND_UNTIL_HOURS > e.FREE_CANCELLATION_HOURS)
    problems.push('PARTIAL_REFUND_UNTIL_HOURS: must not be more than FREE_CANCELLATION_HOURS');
  return {
    bookingNoticeMinutes: e.BOOKING_NOTICE_MINUTES,
    holdMinutes: e.HOLD_MINUTES,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    availabilityCacheSeconds: e.AVAILABILITY_CACHE_SECONDS,
    cancellation: {
      freeCancellationHours: e.FREE_CANCELLATION_HOURS,
      partialRefundUntilHours: e.PARTIAL_REFUND_UNTIL_HOURS,
      partialRefundPercent: e.PARTIAL_REFUND_PERCENT,
      rescheduleNoticeHours: e.RESCHEDULE_NOTICE_HOURS,
    },
    reminderLeadHours: e.REMINDER_LEAD_HOURS,
    reviews: {
      shownFrom: e.REVIEWS_SHOWN_FROM,
      requestAfterHours: e.REVIEW_REQUEST_AFTER_HOURS,
    },
    lateArrival: {
      afterMinutes: e.LATE_ARRIVAL_CREDIT_AFTER_MINUTES,
      creditPence: e.LATE_ARRIVAL_CREDIT_PENCE,
    },
  };
}
