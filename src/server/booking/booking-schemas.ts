import { z } from 'zod';

// Request and response shapes of the booking and payment API (the web app codes against these).

export const bookingParams = z.object({ id: z.uuid({ message: 'must be a booking id' }) });

export const holdBody = z.object({
  city: z.string().trim().min(1).max(64),
  therapistId: z.string().trim().min(1).max(200),
  treatmentIds: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'choose at least one treatment')
    .max(30),
  startsAt: z.iso.datetime({ offset: true, message: 'must be an ISO instant' }),
  addressId: z.uuid({ message: 'choose one of your saved addresses' }),
});

export const heldSchema = z.object({
  id: z.string(),
  status: z.literal('held'),
  holdExpiresAt: z.string(),
  totalPricePence: z.number().int(),
  totalDurationMinutes: z.number().int(),
  creditAppliedPence: z.number().int(),
  amountDuePence: z.number().int(),
});

const cardForm = z.object({
  number: z.string().max(40),
  expMonth: z.number().int(),
  // Stored as a 32-bit integer; a longer "year" is a typo, not a card.
  expYear: z.number().int().max(9999, 'Enter the expiry year.'),
  cvc: z.string().max(8),
});

export const paymentBody = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('card'),
    card: cardForm.optional().describe('Demo provider: our own card form'),
    paymentMethodId: z.string().max(255).optional().describe('Stripe: the pm_… from Stripe.js'),
    saveCard: z.boolean().default(false),
  }),
  z.object({ method: z.literal('saved-card'), cardId: z.uuid({ message: 'must be a card id' }) }),
  z.object({ method: z.literal('invoice') }),
]);

export const paymentAnswerSchema = z.union([
  z.object({ status: z.literal('confirmed') }),
  z.object({
    status: z.literal('requires_action'),
    actionUrl: z.string(),
    clientSecret: z.string().optional(),
  }),
]);

export const bookingViewSchema = z.object({
  id: z.string(),
  status: z.string(),
  city: z.string(),
  therapist: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    photoUrl: z.string().nullable(),
  }),
  startsAt: z.string(),
  endsAt: z.string(),
  items: z.array(
    z.object({
      treatmentId: z.string(),
      name: z.string(),
      pricePence: z.number().int(),
      durationMinutes: z.number().int(),
      isAddOn: z.boolean(),
    }),
  ),
  totalPricePence: z.number().int(),
  totalDurationMinutes: z.number().int(),
  creditAppliedPence: z.number().int(),
  amountDuePence: z.number().int(),
  refundedPence: z.number().int(),
  address: z
    .object({
      label: z.string().nullable(),
      line1: z.string(),
      line2: z.string().nullable(),
      town: z.string(),
      postcode: z.string(),
      instructions: z.string().nullable(),
    })
    .nullable(),
  holdExpiresAt: z.string().nullable(),
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
    refundPence: z.number().int(),
    refundPercent: z.number().int(),
    cardRefundPence: z.number().int(),
    walletRefundPence: z.number().int(),
  }),
  canReschedule: z.boolean(),
});

export const cancelAnswerSchema = z.object({
  status: z.literal('cancelled'),
  refundPence: z.number().int(),
  cardRefundPence: z.number().int(),
  walletRefundPence: z.number().int(),
});

export const paymentStatusSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  paymentStatus: z.string().nullable(),
  detail: z.string().nullable(),
  actionUrl: z.string().nullable(),
});
