import { z } from 'zod';
import { isOneLine, ONE_LINE_MESSAGE } from '../domain/text-lines';
import { bookingProgressSchema, progressStepSchema } from './booking';
import { isoInstant, pence } from './common';
import { PAYMENT_ARRANGEMENTS } from './me';

// /api/internal/*: the company's other systems and the admin command line, with a bearer token.
// The catalogue document they import and export is in catalogue-document.ts.

export const catalogueImportBody = z
  .unknown()
  .describe(
    'A catalogue document in the format GET answers; checked by the import itself so that every ' +
      'problem is reported with its JSON path.',
  );

export const importCountsSchema = z.object({
  cities: z.number().int(),
  treatments: z.number().int(),
  therapists: z.number().int(),
  availabilityWindows: z.number().int(),
});

export const catalogueImportAnswer = z.object({ counts: importCountsSchema });

export const userEmailParams = z.object({
  email: z.email({ message: 'must be an email address' }),
});

export const roleFlagsBody = z.strictObject({
  therapist: z.boolean().optional(),
  onboarder: z.boolean().optional(),
});

export const userRolesSchema = z.object({
  email: z.string(),
  therapist: z.boolean(),
  onboarder: z.boolean(),
});

export const businessPaymentBody = z.object({ arrangement: z.enum(PAYMENT_ARRANGEMENTS) });

export const businessPaymentSchema = z.object({
  email: z.string(),
  arrangement: z.enum(PAYMENT_ARRANGEMENTS),
});

/** POST /api/internal/bookings/:id/progress: a step the therapist app reports (decision 0084). */
export const progressBody = z.strictObject({
  status: progressStepSchema.describe(
    'on_the_way → arrived → started → finished, in that order (a step may be skipped, never ' +
      'taken back); running_late once, before arrival',
  ),
  etaMinutes: z
    .number()
    .int('must be a whole number of minutes')
    .min(0)
    .max(600)
    .optional()
    .describe('Minutes to arrival: only with on_the_way or running_late'),
  at: isoInstant
    .optional()
    .describe(
      'When it happened, if not now (an app that was offline); at most a minute ahead of our clock',
    ),
});

export const progressAnswer = z.object({
  bookingId: z.string(),
  reference: z.string(),
  bookingStatus: z.string().describe('completed once finished is recorded'),
  accepted: z
    .boolean()
    .describe('false: the step had been recorded before, and nothing was changed'),
  progress: bookingProgressSchema,
});

/** POST /api/internal/users/:email/credit: credit given by hand, e.g. as an apology. */
export const goodwillCreditBody = z.strictObject({
  amountPence: z.number().int('must be whole pence').min(1).max(100_000),
  reason: z
    .string()
    .trim()
    .min(3, 'say why, in a few words')
    .max(200)
    .refine(isOneLine, ONE_LINE_MESSAGE)
    .describe('Shown on the customer\'s wallet page, e.g. "Sorry your treatment started late"'),
  idempotencyKey: z
    .string()
    .trim()
    .min(8)
    .max(200)
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
    .describe('Unique per credit: the same key again answers the same credit and adds nothing'),
});

export const goodwillCreditAnswer = z.object({
  entryId: z.string().describe("The wallet entry's id"),
  email: z.string(),
  amountPence: pence,
  reason: z.string(),
  createdAt: isoInstant,
  balancePence: pence.describe("The customer's wallet balance now"),
  replayed: z.boolean().describe('true: the key had been used before; nothing was added'),
});

export type ImportCounts = z.infer<typeof importCountsSchema>;
export type RoleFlags = z.infer<typeof roleFlagsBody>;
export type UserRoles = z.infer<typeof userRolesSchema>;
export type BusinessPaymentView = z.infer<typeof businessPaymentSchema>;
export type ProgressOrder = z.output<typeof progressBody>;
export type ProgressAnswer = z.infer<typeof progressAnswer>;
export type GoodwillCreditOrder = z.output<typeof goodwillCreditBody>;
export type GoodwillCreditAnswer = z.infer<typeof goodwillCreditAnswer>;
