import { z } from 'zod';
import { pence } from './common';
import { newCardPayment, savedCardPayment } from './booking';
import { tipViewSchema } from './tip-view';

export { tipViewSchema };
export type { TipView } from './tip-view';

// POST /api/bookings/{id}/tip and the tip's payment status (docs/decisions/0087). A tip is paid
// like a booking: the same card, saved card and 3-D Secure answers; wallet credit pays all or
// part of it when asked; no invoice.

/** What the customer tips and whether their wallet credit pays towards it. */
const tipFields = {
  amountPence: pence.describe(
    'The tip in pence: at least 100 (£1.00), at most the price of the appointment',
  ),
  useCredit: z
    .boolean()
    .default(false)
    .describe('Put as much wallet credit as there is towards the tip; the card pays the rest'),
};

export const tipBody = z.discriminatedUnion('method', [
  newCardPayment.extend(tipFields),
  savedCardPayment.extend(tipFields),
  z
    .object({ method: z.literal('credit'), ...tipFields })
    .describe('Wallet credit pays the whole tip (useCredit is implied)'),
]);

export const tipParams = z.object({ id: z.uuid({ message: 'must be a tip id' }) });

/** What tipping ended in; a refused card is a 402 problem, a closed window a 409. */
export const tipAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed'), tipId: z.string(), tip: tipViewSchema }),
  z.object({
    status: z.literal('requires_action'),
    tipId: z.string(),
    actionUrl: z.string().describe("The bank's authentication page"),
    clientSecret: z.string().optional().describe('Stripe: for Stripe.js to finish the payment'),
  }),
]);

/** Where a tip's payment stands after the provider's own authentication page. */
export const tipPaymentStatusSchema = z.object({
  tipId: z.string(),
  bookingId: z.string(),
  status: z.enum(['awaiting_payment', 'paid', 'refunded']),
  paymentStatus: z.string().nullable(),
  detail: z.string().nullable().describe('Why the payment failed, in the customer’s words'),
  actionUrl: z.string().nullable(),
});

export type TipRequest = z.input<typeof tipBody>;
export type TipInput = z.output<typeof tipBody>;
export type TipAnswer = z.infer<typeof tipAnswerSchema>;
export type TipPaymentStatus = z.infer<typeof tipPaymentStatusSchema>;
