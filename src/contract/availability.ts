import { z } from 'zod';
import { isoDay, isoInstant, minutes, pence } from './common';

// GET /api/cities/:city/dates and /api/cities/:city/therapists (the city comes in cityParams).

const treatmentsQuery = z
  .string({ message: 'choose at least one treatment: treatments=ID,ID' })
  .max(2000)
  .transform((s) =>
    s
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .describe('Comma-separated treatment ids, e.g. swedish-massage-60,hot-stones');

export const datesQuery = z.object({
  treatments: treatmentsQuery,
  therapist: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Only this therapist's free days (a therapist id), e.g. to move a booking"),
});

export const therapistsQuery = z.object({
  date: z.string({ message: 'is required: date=YYYY-MM-DD' }).max(20),
  treatments: treatmentsQuery,
});

export const availableDatesAnswer = z.object({
  dates: z.array(isoDay).describe('UK days with at least one bookable slot'),
});

/** One therapist who can take the treatments on the day asked for. */
export const availableTherapistSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  totalPricePence: pence,
  totalDurationMinutes: minutes,
  meetsMinimumSpend: z.boolean(),
  minimumSpendPence: pence,
  shortfallPence: pence,
  slots: z.array(isoInstant).describe('Free start times'),
});

export const availableTherapistsAnswer = z.object({
  therapists: z.array(availableTherapistSchema),
});

export type AvailableTherapist = z.infer<typeof availableTherapistSchema>;
