import { z } from 'zod';
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

export type ImportCounts = z.infer<typeof importCountsSchema>;
export type RoleFlags = z.infer<typeof roleFlagsBody>;
export type UserRoles = z.infer<typeof userRolesSchema>;
export type BusinessPaymentView = z.infer<typeof businessPaymentSchema>;
