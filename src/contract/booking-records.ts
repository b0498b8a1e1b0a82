import { z } from 'zod';
import { addressSnapshotSchema, bookingViewSchema } from './booking';
import { signedPhotoLinkSchema } from './booking-media';
import { TRAVEL_MODES } from '../domain/travel-types';
import { isoDay, isoInstant, pence } from './common';

// How the company's other systems see a booking: GET /api/internal/bookings, its change feed,
// GET /api/internal/bookings/:id and every webhook event carry this one shape.

export const RECORD_STATUSES = [
  'held',
  'requires_action',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
  'failed',
] as const;

export const bookingHistoryEntrySchema = z.object({
  kind: z
    .enum(['created', 'status', 'moved', 'updated'])
    .describe(
      'created; status (a new status); moved (new time or therapist); updated (price, amounts, ' +
        'refund or address changed)',
    ),
  fromStatus: z.enum(RECORD_STATUSES).nullable(),
  toStatus: z.enum(RECORD_STATUSES),
  startsAt: isoInstant.describe('The start as it was after this change'),
  at: isoInstant,
});

/** The therapist's journey to a booking (docs/decisions/0077). */
export const bookingJourneySchema = z.object({
  from: z
    .enum(['home', 'previous_booking'])
    .describe("From the therapist's home base (first of a working stretch) or the booking before"),
  minutes: z.number().int().nonnegative().describe('The estimate availability used'),
  mode: z.enum(TRAVEL_MODES),
  leaveBy: isoInstant.describe('The start less the journey'),
});

export const bookingRecordSchema = z.object({
  id: z.uuid(),
  reference: z.string().describe('The short reference customers and support use, e.g. K7M2QX9D'),
  status: z.enum(RECORD_STATUSES),
  city: z.string(),
  therapist: z.object({ id: z.string(), name: z.string() }),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string(),
  }),
  address: addressSnapshotSchema.nullable().describe('Null once the account has been erased'),
  startsAt: isoInstant,
  endsAt: isoInstant.describe('When the treatments end'),
  endsWithBufferAt: isoInstant.describe(
    'When the therapist is free again: the travel buffer added',
  ),
  items: bookingViewSchema.shape.items,
  amounts: z.object({
    totalPence: pence,
    cardPence: pence.describe('Charged to a card (0 while unpaid)'),
    invoicePence: pence.describe('Billed to a business account by invoice'),
    creditPence: pence.describe('Paid from wallet credit'),
    referralDiscountPence: pence,
    refundedPence: pence,
  }),
  cancellation: z
    .object({
      at: isoInstant,
      by: z.enum(['customer', 'company']),
      reason: z.string().nullable(),
    })
    .nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  history: z.array(bookingHistoryEntrySchema),
  journey: bookingJourneySchema
    .nullable()
    .optional()
    .describe(
      "The therapist's journey to it, null when a place is unknown. Given by GET " +
        '/api/internal/bookings (the listing) and /api/internal/bookings/{id}; not in the change ' +
        'feed or webhooks, which are about the booking itself.',
    ),
  accessNotes: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The customer's notes for the therapist (docs/decisions/0093), null when none. Given " +
        'where journey is.',
    ),
  photos: z
    .array(signedPhotoLinkSchema)
    .optional()
    .describe(
      "The customer's photos for the therapist, as links signed for an hour. Given where " +
        'journey is; not in the change feed or webhooks, which are kept and passed on.',
    ),
});

/** A booking's id (uuid) or its reference, in any case, with or without spaces and dashes. */
export const bookingKeyParams = z.object({ id: z.string().min(1).max(64) });

const statusList = z
  .string()
  .transform((value) => value.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(RECORD_STATUSES)).min(1))
  .describe('One status or several, comma-separated');

export const bookingListQuery = z.object({
  therapist: z.string().min(1).optional().describe('A therapist id'),
  city: z.string().min(1).optional().describe('A city slug'),
  status: statusList.optional(),
  from: isoDay.optional().describe('Bookings starting on or after this UK day'),
  to: isoDay.optional().describe('Bookings starting on or before this UK day'),
  since: z
    .string()
    .regex(
      /^\d{1,18}\.\d{1,18}$/,
      'must be a cursor from an earlier answer, or 0.0 for the beginning',
    )
    .optional()
    .describe(
      'Change feed: every change after this cursor, oldest first, each with the booking as it ' +
        'is now. Start with 0.0 and pass each answer’s nextCursor to the next call.',
    ),
  page: z
    .string()
    .regex(/^[\w-]+$/, 'must be a nextPage value from an earlier answer')
    .optional()
    .describe('Listing only: the nextPage of the previous answer'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const bookingListAnswer = z.object({
  bookings: z.array(bookingRecordSchema),
  nextPage: z.string().nullable().describe('Pass as page= for more; null on the last page'),
});

export const bookingChangeSchema = z.object({
  cursor: z.string().describe('This change’s position in the feed'),
  kind: bookingHistoryEntrySchema.shape.kind,
  fromStatus: bookingHistoryEntrySchema.shape.fromStatus,
  toStatus: bookingHistoryEntrySchema.shape.toStatus,
  at: isoInstant,
  booking: bookingRecordSchema.describe('The booking as it is now, not as it was at the change'),
});

export const bookingFeedAnswer = z.object({
  changes: z.array(bookingChangeSchema),
  nextCursor: z.string().describe('Pass as since= next time; unchanged when nothing was new'),
  hasMore: z.boolean().describe('True when more changes are waiting: ask again at once'),
});

export type BookingRecord = z.infer<typeof bookingRecordSchema>;
export type BookingJourney = z.infer<typeof bookingJourneySchema>;
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;
export type BookingListQuery = z.output<typeof bookingListQuery>;
export type BookingListAnswer = z.infer<typeof bookingListAnswer>;
export type BookingFeedAnswer = z.infer<typeof bookingFeedAnswer>;
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** GET /api/internal/bookings/:id/case: everything customer service needs about one booking. */
export const bookingCaseSchema = z.object({
  booking: bookingRecordSchema,
  payments: z.array(
    z.object({
      id: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      status: z.string(),
      amountPence: pence,
      refundedPence: pence,
      card: z.string().nullable().describe('Brand and last four digits, e.g. "visa 4242"'),
      providerPaymentId: z.string().nullable(),
      failureReason: z.string().nullable(),
      createdAt: isoInstant,
    }),
  ),
  providerCalls: z
    .array(
      z.object({
        kind: z.string().describe('refund, cancel_payment or transfer'),
        status: z
          .string()
          .describe(
            'pending, done or failed; awaiting_account: a transfer to a therapist with no connected payment account yet, made once they have one',
          ),
        amountPence: pence.nullable(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        createdAt: isoInstant,
        doneAt: isoInstant.nullable(),
      }),
    )
    .describe(
      'Refunds and transfers decided for this booking, and whether the provider has made them',
    ),
  walletEntries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      amountPence: pence,
      description: z.string(),
      createdAt: isoInstant,
    }),
  ),
  messages: z.array(
    z.object({
      channel: z.enum(['email', 'push', 'webhook']),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      error: z.string().nullable(),
      createdAt: isoInstant,
      sentAt: isoInstant.nullable(),
    }),
  ),
});

export const cancelForCompanyBody = z.strictObject({
  refund: z
    .enum(['full', 'policy'])
    .describe('full: everything paid goes back; policy: what the cancellation policy gives now'),
  reason: z.string().trim().min(3, 'say why, in a few words').max(500),
});

export const cancelForCompanyAnswer = z.object({
  booking: bookingRecordSchema,
  refundPence: pence,
  cardRefundPence: pence,
  walletRefundPence: pence,
});

export type BookingCase = z.infer<typeof bookingCaseSchema>;
export type CancelForCompanyOrder = z.output<typeof cancelForCompanyBody>;
export type CancelForCompanyAnswer = z.infer<typeof cancelForCompanyAnswer>;
