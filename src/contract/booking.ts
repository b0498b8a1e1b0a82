import { z } from 'zod';
import {
  PROGRESS_STATUSES,
  PROGRESS_STEPS,
  type BookingProgress,
} from '../domain/booking-progress';
import { bookingPhotoSchema } from './booking-media';
import { isoInstant, minutes, pence } from './common';
import { tipViewSchema } from './tip-view';

// /api/bookings*: hold, pay, read, cancel and reschedule.

// A verified review's stars, and the customer's own review as their booking view carries it
// (docs/decisions/0086). Here rather than in reviews.ts so that every page reading bookings does
// not also load the reviews contract.
export const ratingValue = z
  .number()
  .int('must be a whole number of stars')
  .min(1, 'must be 1 to 5 stars')
  .max(5, 'must be 1 to 5 stars');

/** The customer's own review, as their booking view carries it. */
export const ownReviewSchema = z.object({
  id: z.string(),
  rating: ratingValue,
  comment: z.string().nullable(),
  createdAt: isoInstant.describe('First written; changes are allowed for 14 days from here'),
  updatedAt: isoInstant,
  editableUntil: isoInstant,
  editable: z.boolean().describe('Whether the customer can still change it now'),
  hidden: z.boolean().describe('Hidden by the company: shown to nobody else'),
});

export const bookingParams = z.object({ id: z.uuid({ message: 'must be a booking id' }) });

export const holdBody = z.object({
  city: z.string().trim().min(1).max(64),
  therapistId: z.string().trim().min(1).max(200),
  treatmentIds: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'choose at least one treatment')
    .max(30),
  startsAt: isoInstant,
  addressId: z.uuid({ message: 'choose one of your saved addresses' }),
  referralCode: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("The referrer's id or code from the booking selection's referrer"),
  useCredit: z
    .boolean()
    .default(true)
    .describe('Put wallet credit towards the booking (on by default when there is some)'),
});

/** Switches wallet credit on or off for a booking still held for payment. */
export const bookingCreditBody = z.object({ useCredit: z.boolean() });

/** The answer to a hold: the slot is the customer's until holdExpiresAt. */
export const heldBookingSchema = z.object({
  id: z.string(),
  status: z.literal('held'),
  holdExpiresAt: isoInstant,
  totalPricePence: pence,
  totalDurationMinutes: minutes,
  creditAppliedPence: pence,
  referralDiscountPence: pence.describe("Referral credit off a referred customer's first booking"),
  referralNote: z
    .string()
    .nullable()
    .describe('Why the referral code brought gives nothing on this booking, in words'),
  walletCreditAvailablePence: pence.describe(
    'Credit the customer could put towards this booking (whether or not it is used): the balance, at most what the booking costs',
  ),
  walletBalancePence: pence.describe(
    "The customer's wallet balance, less credit held by their other bookings waiting for payment",
  ),
  amountDuePence: pence,
});

export const cardFormSchema = z.object({
  number: z.string().max(40),
  expMonth: z.number().int(),
  // Stored as a 32-bit integer; a longer "year" is a typo, not a card.
  expYear: z.number().int().max(9999, 'Enter the expiry year.'),
  cvc: z.string().max(8),
});

// A new card comes either as our own form (demo provider) or as Stripe's pm_… token; the server
// says which one is missing in the customer's words, so both are optional here.
export const newCardPayment = z.object({
  method: z.literal('card'),
  card: cardFormSchema.optional().describe('Demo provider: our own card form'),
  paymentMethodId: z.string().max(255).optional().describe('Stripe: the pm_… from Stripe.js'),
  saveCard: z.boolean().default(false),
});
export const savedCardPayment = z.object({
  method: z.literal('saved-card'),
  cardId: z.uuid({ message: 'must be a card id' }),
});

export const paymentBody = z.discriminatedUnion('method', [
  newCardPayment,
  savedCardPayment,
  z.object({ method: z.literal('invoice') }),
  z
    .object({ method: z.literal('credit') })
    .describe('Nothing left to pay: wallet or referral credit covers the whole booking'),
]);

/** What paying (or answering the bank's check) ended in; errors are problems (402, 409, 410…). */
export const paymentAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed') }),
  z.object({
    status: z.literal('requires_action'),
    actionUrl: z.string().describe("The bank's authentication page"),
    clientSecret: z.string().optional().describe('Stripe: for Stripe.js to finish the payment'),
  }),
]);

export const addressSnapshotSchema = z.object({
  label: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  instructions: z.string().nullable(),
});

/**
 * A booking's cancellation and reschedule terms as they stand now, worked out by the server's
 * clock (the clock that decides refunds) with src/domain/cancellation.ts termsAt: every page
 * shows these, and asks again at changesAt.
 */
export const bookingTermsSchema = z.object({
  at: isoInstant.describe('The server clock when these terms were worked out'),
  band: z.enum(['free', 'partial', 'late', 'started']),
  refundPercent: z.number().int().describe('What cancelling now gives back, as a share'),
  refundPence: pence.describe('What cancelling now gives back (once paid, for a held booking)'),
  freeUntil: isoInstant.nullable().describe('Free cancellation ends; null once it has'),
  partialUntil: isoInstant.nullable().describe('The partial refund ends; null once it has'),
  changesAt: isoInstant.nullable().describe('When these terms next change: ask again then'),
  reschedule: z.object({
    allowed: z.boolean(),
    until: isoInstant.nullable().describe('The last moment it can be moved, while it can'),
    reason: z
      .enum(['notice', 'started'])
      .nullable()
      .describe('Why it cannot be moved: too close to the start, or started'),
  }),
  lines: z.array(z.string()).describe('The terms in words, as every page and email says them'),
});

/**
 * The therapist's way to the appointment, as the company's therapist app reports it
 * (POST /api/internal/bookings/:id/progress, docs/decisions/0084). src/domain/booking-progress.ts
 * says it in words (progressLines, progressSentence).
 */
export const bookingProgressSchema = z.object({
  status: z
    .enum(PROGRESS_STATUSES)
    .describe(
      'The furthest of on_the_way, arrived, started and finished reached; not_set_off while only running_late has been sent',
    ),
  onTheWayAt: isoInstant.nullable(),
  etaMinutes: z
    .number()
    .int()
    .nullable()
    .describe('Minutes to arrival, as estimated when the therapist set off'),
  runningLate: z
    .object({
      at: isoInstant,
      etaMinutes: z.number().int().nullable().describe('Minutes to arrival, as then estimated'),
    })
    .nullable(),
  arrivedAt: isoInstant
    .nullable()
    .describe('Null if not arrived yet, or if the therapist went straight to a later step'),
  startedAt: isoInstant.nullable(),
  finishedAt: isoInstant.nullable(),
  lateArrivalCreditPence: pence
    .nullable()
    .describe('Wallet credit the late arrival earned the customer; null when none'),
}) satisfies z.ZodType<BookingProgress>;

/** The steps the therapist app reports. */
export const progressStepSchema = z.enum(PROGRESS_STEPS);

/** GET /api/bookings/:id, and each entry of /api/me/appointments. */
export const bookingViewSchema = z.object({
  id: z.string(),
  reference: z
    .string()
    .describe('The short reference customers and support say to each other, e.g. K7M2QX9D'),
  status: z
    .string()
    .describe('held, requires_action, confirmed, completed, cancelled, expired or failed'),
  city: z.string(),
  therapist: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    photoUrl: z.string().nullable(),
  }),
  startsAt: isoInstant,
  endsAt: isoInstant.describe('When the treatments end (the travel buffer is not included)'),
  items: z.array(
    z.object({
      treatmentId: z.string(),
      name: z.string(),
      pricePence: pence,
      durationMinutes: minutes,
      isAddOn: z.boolean(),
    }),
  ),
  totalPricePence: pence,
  totalDurationMinutes: minutes,
  creditAppliedPence: pence,
  referralDiscountPence: pence,
  amountDuePence: pence,
  refundedPence: pence,
  address: addressSnapshotSchema.nullable().describe('Null once the account has been erased'),
  holdExpiresAt: isoInstant.nullable(),
  payment: z
    .object({
      method: z.string(),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
  cancellation: z.object({
    allowed: z.boolean(),
    refundPence: pence,
    refundPercent: z.number().int(),
    cardRefundPence: pence,
    walletRefundPence: pence,
  }),
  canReschedule: z.boolean(),
  terms: bookingTermsSchema
    .nullable()
    .describe('Null for a booking that is no longer held or confirmed: nothing to cancel or move'),
  progress: bookingProgressSchema
    .nullable()
    .describe('Null until the therapist app reports the first step'),
  tip: tipViewSchema
    .nullable()
    .describe('The tip given after the appointment (docs/decisions/0087); null when none'),
  review: ownReviewSchema
    .nullable()
    .describe("The customer's own review (docs/decisions/0086); null until they write one"),
  accessNotes: z
    .string()
    .nullable()
    .describe('Notes for the therapist (docs/decisions/0093); null when there are none'),
  photos: z
    .array(bookingPhotoSchema)
    .describe('Photos for the therapist, oldest first; kept until 30 days after the visit'),
});

/** GET /api/bookings/:id/calendar.ics: "Add to calendar". */
export const bookingCalendarSchema = z
  .string()
  .describe(
    'An iCalendar (RFC 5545) document with the one event of this booking: the same UID and ' +
      'SEQUENCE as the file in its emails, so importing both updates one event. A cancelled ' +
      'booking answers METHOD:CANCEL, which removes the event.',
  );

export const cancelAnswerSchema = z.object({
  status: z
    .enum(['cancelled', 'expired'])
    .describe(
      'expired: the booking was only held, never paid, so it is let go (as a hold that ran out) and is no appointment to cancel',
    ),
  refundPence: pence,
  cardRefundPence: pence,
  walletRefundPence: pence,
});

/** Where a payment stands after the provider's own authentication page (Stripe's return). */
export const paymentStatusSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  paymentStatus: z.string().nullable(),
  detail: z.string().nullable().describe('Why the payment failed, in the customer’s words'),
  actionUrl: z.string().nullable(),
});

export const rescheduleBody = z.object({ startsAt: isoInstant });

export type HoldRequest = z.output<typeof holdBody>;
export type HeldBooking = z.infer<typeof heldBookingSchema>;
export type CardForm = z.infer<typeof cardFormSchema>;
/** What the web app sends (saveCard may be left out). */
export type PaymentRequest = z.input<typeof paymentBody>;
/** What the server reads, defaults applied. */
export type PaymentInput = z.output<typeof paymentBody>;
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;
export type BookingView = z.infer<typeof bookingViewSchema>;
export type BookingTerms = z.infer<typeof bookingTermsSchema>;
export type { BookingProgress };
export type CancelAnswer = z.infer<typeof cancelAnswerSchema>;
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
