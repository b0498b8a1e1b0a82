import { z } from 'zod';
import { PROGRESS_STEPS } from '../domain/booking-progress';
import { bookingRecordSchema } from './booking-records';
import { isoInstant, pence } from './common';

// Signed booking events sent to WEBHOOK_URLS, and /api/internal/webhooks where operators (and the
// admin command line) see the deliveries that are waiting or failed and send one again.

export const WEBHOOK_EVENTS = [
  'booking.confirmed',
  'booking.moved',
  'booking.cancelled',
  'booking.completed',
  'booking.progress',
] as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** A booking.progress event's step (docs/decisions/0084). */
export const webhookProgressSchema = z.object({
  step: z.enum(PROGRESS_STEPS),
  at: isoInstant.describe('When the step happened'),
  etaMinutes: z.number().int().nullable(),
  lateArrivalCreditPence: pence
    .nullable()
    .describe('The wallet credit the late arrival earned the customer, once known; else null'),
});

/** The body of every webhook POST, signed in the Webhook-Signature header. */
export const webhookEventSchema = z.object({
  id: z.uuid().describe('The event id, the same for every URL: receivers dedupe on it'),
  type: z.enum(WEBHOOK_EVENTS),
  createdAt: isoInstant.describe('When the change happened'),
  data: z.object({
    booking: bookingRecordSchema.describe('The booking just after the change'),
    progress: webhookProgressSchema
      .optional()
      .describe('booking.progress only: the step the therapist app has just reported'),
  }),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.uuid(),
  type: z.enum(WEBHOOK_EVENTS),
  bookingId: z.uuid(),
  bookingReference: z.string(),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: isoInstant.describe('When a pending delivery is next tried'),
  lastStatus: z
    .number()
    .int()
    .nullable()
    .describe("The receiver's last HTTP status; null when it was not reached"),
  lastError: z.string().nullable(),
  createdAt: isoInstant,
  deliveredAt: isoInstant.nullable(),
});

export const webhookListQuery = z.object({
  status: z
    .enum(['pending', 'failed'], { message: 'must be pending or failed' })
    .optional()
    .describe('Only these; both pending and failed when left out'),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const webhookListAnswer = z.object({
  deliveries: z.array(webhookDeliverySchema).describe('Oldest first'),
  hasMore: z.boolean().describe('True when more deliveries match than the limit'),
});

export const webhookDeliveryParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'must be a delivery id (a whole number)')
    .transform(Number),
});

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookProgress = z.infer<typeof webhookProgressSchema>;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookListQuery = z.output<typeof webhookListQuery>;
export type WebhookListAnswer = z.infer<typeof webhookListAnswer>;
