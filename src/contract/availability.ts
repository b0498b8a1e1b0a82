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

export const datesQuery = z.object({ treatments: treatmentsQuery });

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
  slotMinutes: z
    .array(minutes)
    .describe('Free start times, as minutes after dayStartsAt (540 is 09:00 on most days)'),
});

/**
 * Slots are minutes after the UK day's start rather than full instants: a busy day lists over a
 * thousand, and "540" is a fifth of "2026-11-24T09:00:00.000Z". Counting from the instant the day
 * starts keeps them exact on the days the clocks change (when 01:30 happens twice in October).
 */
export const availableTherapistsAnswer = z.object({
  date: isoDay,
  dayStartsAt: isoInstant.describe('The instant the UK day starts (00:00 Europe/London)'),
  therapists: z.array(availableTherapistSchema),
});

export type AvailableTherapistOnWire = z.infer<typeof availableTherapistSchema>;
export type AvailableTherapistsAnswer = z.infer<typeof availableTherapistsAnswer>;

/** One therapist with their free start times as ISO instants: what the web app works with. */
export type AvailableTherapist = Omit<AvailableTherapistOnWire, 'slotMinutes'> & {
  slots: string[];
};

/** The answer's therapists with each slot as an ISO instant (dayStartsAt plus its minutes). */
export function therapistsWithSlotInstants(
  answer: AvailableTherapistsAnswer,
): AvailableTherapist[] {
  const dayStart = Date.parse(answer.dayStartsAt);
  return answer.therapists.map(({ slotMinutes, ...therapist }) => ({
    ...therapist,
    slots: slotMinutes.map((m) => new Date(dayStart + m * 60_000).toISOString()),
  }));
}
