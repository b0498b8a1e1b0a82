import { z } from 'zod';
import { UK_TIME_ZONE } from '../domain/constants';
import { isIsoDate, ukDayInterval } from '../domain/uk-time';
import { availabilityListSchema, type ImportedAvailability } from './catalogue-availability';
import { availabilityWindowSchema, catalogueId, therapistSchema } from './catalogue-document';
import { isoDay, isoInstant } from './common';

// PUT /api/internal/therapists/:id and PUT /api/internal/therapists/:id/availability: keeping one
// therapist current without sending the whole catalogue (docs/decisions/0092).

export const therapistIdParams = z.object({ id: catalogueId });

export const therapistDocumentBody = z
  .unknown()
  .describe(
    "One therapist as in the catalogue document (GET /api/internal/catalogue), in today's " +
      "field names, the company's (stripeConnect, gender as a map, minimumSpend, services, " +
      'availability as timestamps) or both. Its id may be left out; if present it must be the ' +
      "one in the address. Checked by the import's own rules so that every problem is reported " +
      'with its JSON path ($.gender.other).',
  );

export const STRAND_REASONS = [
  'outside_availability',
  'treatment_not_offered',
  'therapist_inactive',
] as const;
export type StrandReason = (typeof STRAND_REASONS)[number];

export const strandedBookingSchema = z.object({
  reference: z.string().describe('The booking, as customers and support know it'),
  status: z.string().describe('held, requires_action or confirmed: the booking is left as it is'),
  start: isoInstant,
  end: isoInstant.describe('The end of the time it holds, with the 15-minute buffer'),
  reasons: z
    .array(z.enum(STRAND_REASONS))
    .describe(
      'outside_availability: not inside one of their windows; treatment_not_offered: a ' +
        'treatment (not an add-on) they no longer offer; therapist_inactive',
    ),
});
export type StrandedBooking = z.infer<typeof strandedBookingSchema>;

const strandedBookings = z
  .array(strandedBookingSchema)
  .describe(
    'Bookings still holding their time that the therapist as now stored could not have taken. ' +
      'They are kept as they are: someone must move or cancel them.',
  );

export const therapistPutAnswer = z.object({
  therapist: therapistSchema.describe("The therapist as stored now, in today's shape"),
  strandedBookings,
});
export type TherapistPutAnswer = z.infer<typeof therapistPutAnswer>;

/** At most a year of windows in one request. */
export const MAX_RANGE_DAYS = 366;

export const therapistAvailabilityBody = z
  .unknown()
  .describe(
    '{ "from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "availability": [...] }: UK days, both ' +
      "included; availability as windows {start, end} or the company's timestamps (each the start " +
      'of a 15-minute slot). Every window must lie inside the days. Checked like the import.',
  );

export interface AvailabilityReplacement {
  from: string;
  to: string;
  /** The UK days from..to as instants: local midnight of `from` to the one after `to`. */
  range: { start: number; end: number };
  availability: ImportedAvailability;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const availabilityReplacementSchema = z
  .strictObject({ from: isoDay, to: isoDay, availability: availabilityListSchema })
  .transform((body, ctx): AvailabilityReplacement => {
    for (const key of ['from', 'to'] as const) {
      if (!isIsoDate(body[key])) {
        ctx.issues.push({
          code: 'custom',
          message: 'must be a real day',
          path: [key],
          input: body[key],
        });
      }
    }
    if (!isIsoDate(body.from) || !isIsoDate(body.to)) return z.NEVER;
    const days = (dayMs(body.to) - dayMs(body.from)) / 86_400_000 + 1;
    if (days < 1 || days > MAX_RANGE_DAYS) {
      ctx.issues.push({
        code: 'custom',
        message: `must be on or after "from" and at most ${MAX_RANGE_DAYS} days from it`,
        path: ['to'],
        input: body.to,
      });
      return z.NEVER;
    }
    const range = {
      start: ukDayInterval(body.from, UK_TIME_ZONE).start,
      end: ukDayInterval(body.to, UK_TIME_ZONE).end,
    };
    // Each window or slot as sent, so a problem names the entry itself.
    const sent =
      body.availability.sentAs === 'windows'
        ? body.availability.windows.map((w, j) => ({
            start: Date.parse(w.start),
            end: Date.parse(w.end),
            j,
          }))
        : body.availability.slots;
    for (const { start, end, j } of sent) {
      if (start >= range.start && end <= range.end) continue;
      ctx.issues.push({
        code: 'custom',
        message:
          `must lie inside ${body.from} to ${body.to} (UK days: ${new Date(range.start).toISOString()} ` +
          `to ${new Date(range.end).toISOString()})`,
        path: ['availability', j],
        input: body.availability,
      });
    }
    return { from: body.from, to: body.to, range, availability: body.availability };
  });

export const therapistAvailabilityAnswer = z.object({
  therapistId: z.string(),
  from: isoDay,
  to: isoDay,
  availability: z
    .array(availabilityWindowSchema)
    .describe('Their windows inside the days now, by start (timestamps merged into windows)'),
  strandedBookings,
});
export type TherapistAvailabilityAnswer = z.infer<typeof therapistAvailabilityAnswer>;
