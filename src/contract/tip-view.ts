import { z } from 'zod';
import { isoInstant, pence } from './common';

// A tip as the appointment shows it (GET /api/bookings/:id, /api/me/appointments): on its own so
// that booking.ts can carry it without importing tips.ts, which builds on booking.ts.
export const tipViewSchema = z.object({
  amountPence: pence,
  status: z
    .enum(['awaiting_payment', 'paid', 'refunded'])
    .describe('awaiting_payment: made, not paid yet (a card declined, or the bank is checking)'),
  paidAt: isoInstant.nullable(),
});

export type TipView = z.infer<typeof tipViewSchema>;
