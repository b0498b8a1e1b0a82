import { z } from 'zod';
import { pence } from './common';

// /api/payments/*: which card form to show, the demo bank's 3-D Secure page, Stripe's webhook.
// Paying itself is POST /api/bookings/:id/payment (booking.ts) or POST /api/gift-cards.

export const paymentConfigSchema = z.object({
  provider: z.enum(['demo', 'stripe']),
  publishableKey: z.string().nullable().describe('Stripe only: for Stripe.js'),
});

export const paymentParams = z.object({ paymentId: z.uuid({ message: 'must be a payment id' }) });

/** What the demo provider's simulated bank page shows. */
export const authenticationViewSchema = z.object({
  paymentId: z.string(),
  bookingId: z.string().nullable().describe('The booking paid for, or null for a gift card'),
  giftCardId: z.string().nullable().describe('The gift card paid for, or null for a booking'),
  amountPence: pence,
  currency: z.literal('GBP'),
  merchant: z.string(),
  /** What the payment is for, e.g. "Appointment with Morag" or "£50.00 gift card for Ailsa". */
  purpose: z.string(),
  therapistName: z.string().describe('Empty for a gift card'),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  status: z.string().describe('requires_action until answered'),
});

export const authenticationBody = z.object({ outcome: z.enum(['approve', 'fail']) });

export const STRIPE_EVENT_RESULTS = ['applied', 'duplicate', 'ignored'] as const;

/** Stripe reads only the status; the result is for our logs and tests. */
export const stripeWebhookAnswer = z.object({
  received: z.literal(true),
  result: z.enum(STRIPE_EVENT_RESULTS),
});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
export type AuthenticationView = z.infer<typeof authenticationViewSchema>;
export type AuthenticationOutcome = z.infer<typeof authenticationBody>['outcome'];
export type StripeEventResult = (typeof STRIPE_EVENT_RESULTS)[number];
