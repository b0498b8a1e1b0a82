import { z } from 'zod';
import { isUkPostcode, normalisePostcode } from '../domain/account-forms';
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

/**
 * Where the treatment will be. With it, only therapists who can reach the address, and only times
 * they can reach it by, are offered (docs/decisions/0077); without it the times are to be
 * confirmed for the address, which the hold does.
 */
const postcodeQuery = z
  .string()
  .max(20)
  .refine(isUkPostcode, 'Enter a UK postcode, like EH6 5AA')
  .transform(normalisePostcode)
  .optional()
  .describe('The UK postcode of the address, e.g. EH6 5AA');

export const datesQuery = z.object({
  treatments: treatmentsQuery,
  postcode: postcodeQuery,
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
  postcode: postcodeQuery,
});

/** The place the times were checked against; null when none was given (times to be confirmed). */
const travelPlace = z
  .object({
    postcode: z.string().describe('As given, normalised: EH6 5AA'),
    district: z.string().describe('Its postcode district: EH6'),
  })
  .nullable()
  .describe('Where the times were checked for travel; null: to be confirmed for the address');

const offeredTreatmentIds = z
  .array(z.string())
  .describe(
    'The main treatments this customer can book in the city (with the therapist asked for, if ' +
      'one was), whatever the basket: what to offer instead',
  );

/** Why there is no day, so the page can say what would work (src/domain/no-dates-reason.ts). */
export const noDatesReasonSchema = z
  .discriminatedUnion('reason', [
    z.object({ reason: z.literal('no_therapist_offers'), offeredTreatmentIds }),
    z.object({ reason: z.literal('no_business_therapist'), offeredTreatmentIds }),
    z.object({
      reason: z.literal('below_minimum_spend'),
      shortfallPence: pence.describe('The least to add for a therapist to take it'),
      minimumPence: pence.describe("That therapist's minimum spend"),
    }),
    z.object({ reason: z.literal('none_free') }),
  ])
  .describe(
    'no_therapist_offers: nobody who can take this customer offers every chosen main treatment; ' +
      'no_business_therapist: those who do take no business accounts; below_minimum_spend: all ' +
      'who could come have a higher minimum spend; none_free: someone could, but has no free time',
  );

export const availableDatesAnswer = z.object({
  dates: z.array(isoDay).describe('UK days with at least one bookable slot'),
  place: travelPlace,
  whyNoDates: noDatesReasonSchema.nullable().describe('Null when there are dates'),
});

export type NoDatesAnswer = z.infer<typeof noDatesReasonSchema>;
export type AvailableDatesAnswer = z.infer<typeof availableDatesAnswer>;

/** A run of start times: every slotGridMinutes from the first to the last, both included. */
const slotRun = z.tuple([minutes, minutes]);

/** One therapist who can take the treatments on the day asked for. */
export const availableTherapistSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  meetsMinimumSpend: z.boolean(),
  minimumSpendPence: pence,
  shortfallPence: pence,
  travelNote: z
    .string()
    .nullable()
    .describe(
      'Why some times are missing because of travel, in plain words, when that helps: ' +
        '"Ailsa is with another customer across town until 11:00 — the first time Ailsa can ' +
        'be with you is 11:45". Never says where anyone else is.',
    ),
  slotRuns: z
    .array(slotRun)
    .describe(
      'Free start times as runs [first, last], in minutes after dayStartsAt: ' +
        '[[540, 600]] is 09:00, 09:15, 09:30, 09:45 and 10:00 on a 15-minute grid',
    ),
});

/**
 * Slots are runs of minutes after the UK day's start rather than one full instant each: a busy day
 * lists over a thousand start times, most of them in a few unbroken runs per therapist, and
 * "2026-11-24T09:00:00.000Z" repeated made up three quarters of the answer. Counting from the
 * instant the day starts keeps them exact on the days the clocks change (01:30 happens twice in
 * October); UK offsets are whole hours, so the grid is even in elapsed minutes too. The basket's
 * price and duration are the same with every therapist, so they are said once.
 */
export const availableTherapistsAnswer = z.object({
  date: isoDay,
  dayStartsAt: isoInstant.describe('The instant the UK day starts (00:00 Europe/London)'),
  slotGridMinutes: minutes.positive().describe('Start times are this many minutes apart'),
  totalPricePence: pence,
  totalDurationMinutes: minutes.describe('The treatments and the 15-minute buffer'),
  therapists: z.array(availableTherapistSchema),
  place: travelPlace,
  outOfReachCount: z
    .number()
    .int()
    .nonnegative()
    .describe('Therapists who could take the treatments that day but cannot reach the postcode'),
});

export type AvailableTherapistOnWire = z.infer<typeof availableTherapistSchema>;
export type AvailableTherapistsAnswer = z.infer<typeof availableTherapistsAnswer>;

/** One therapist with the basket's totals and free start times as ISO instants: what the web
 * app works with. */
export type AvailableTherapist = Omit<AvailableTherapistOnWire, 'slotRuns'> & {
  totalPricePence: number;
  totalDurationMinutes: number;
  slots: string[];
};

/** Runs of start times back to the minutes of each one. */
export function slotMinutesOf(
  runs: readonly (readonly [number, number])[],
  grid: number,
): number[] {
  const out: number[] = [];
  for (const [first, last] of runs) for (let m = first; m <= last; m += grid) out.push(m);
  return out;
}

/** Minutes of the day (ascending, on the grid) as runs: what slotMinutesOf reads back. */
export function slotRunsOf(slotMinutes: readonly number[], grid: number): [number, number][] {
  const runs: [number, number][] = [];
  for (const m of slotMinutes) {
    const run = runs.at(-1);
    if (run && m === run[1] + grid) run[1] = m;
    else runs.push([m, m]);
  }
  return runs;
}

/** The answer's therapists, each with the totals and its slots as ISO instants (dayStartsAt
 * plus the minutes). */
export function therapistsWithSlotInstants(
  answer: AvailableTherapistsAnswer,
): AvailableTherapist[] {
  const dayStart = Date.parse(answer.dayStartsAt);
  const { totalPricePence, totalDurationMinutes, slotGridMinutes } = answer;
  return answer.therapists.map(({ slotRuns, ...therapist }) => ({
    ...therapist,
    totalPricePence,
    totalDurationMinutes,
    slots: slotMinutesOf(slotRuns, slotGridMinutes).map((m) =>
      new Date(dayStart + m * 60_000).toISOString(),
    ),
  }));
}
