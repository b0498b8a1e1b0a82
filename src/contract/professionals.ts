import { z } from 'zod';
import { minutes, pence } from './common';
import { CITY_SLUG_PATTERN, USERNAME_PATTERN } from './professional-patterns';
import { professionalReviewsSchema } from './reviews';

// GET /api/professionals and /api/professionals/:username.

export { CITY_SLUG_PATTERN, USERNAME_PATTERN };

export const professionalParams = z.object({
  username: z
    .string()
    .regex(USERNAME_PATTERN, 'must be 2-40 letters, digits, dots, dashes or underscores')
    .describe('Professional username, e.g. isla'),
});

export const professionalsQuery = z.object({
  city: z
    .string()
    .regex(CITY_SLUG_PATTERN, 'must be a city slug, e.g. edinburgh')
    .max(64)
    .optional(),
});

export const professionalSummarySchema = z.object({
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  area: z.string().describe('City slug'),
  areaName: z.string(),
  bio: z.string().describe('Truncated to 10 words'),
  treatmentCount: z.number().int().describe('Active main treatments (not add-ons)'),
});

export const professionalsAnswer = z.object({
  professionals: z.array(professionalSummarySchema),
});

export const professionalTreatmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  pricePence: pence,
  durationMinutes: minutes,
});

export const professionalSchema = z.object({
  id: z.string().describe('Therapist id, as the availability routes take it'),
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  area: z.string().describe('City slug'),
  areaName: z.string(),
  businessEnabled: z.boolean(),
  minimumSpendPence: pence.describe("The therapist's, or the default when unset"),
  treatments: z
    .array(professionalTreatmentSchema)
    .describe('Main treatments only, in catalogue order'),
  // Verified reviews (docs/decisions/0086): rating and latestReviews.
  ...professionalReviewsSchema.shape,
});

export type ProfessionalSummary = z.infer<typeof professionalSummarySchema>;
export type ProfessionalTreatment = z.infer<typeof professionalTreatmentSchema>;
export type Professional = z.infer<typeof professionalSchema>;
