import { z } from 'zod';
import { isoDay, isoInstant, minutes, pence } from './common';

// /api/me/waitlist: waiting for a time when none suits (docs/decisions/0089), and the offer a
// freed time becomes, opened from its email or push by its token.

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time, HH:MM (UK time)');

export const joinWaitlistBody = z.object({
  city: z.string().trim().min(1).max(64),
  treatmentIds: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'choose at least one treatment')
    .max(30),
  from: isoDay.describe('The first day that suits (UK), from today'),
  to: isoDay.describe('The last day that suits (UK), at most 28 days after the first'),
  therapistId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Only this therapist; anyone who can take the booking when left out'),
  earliest: timeOfDay.optional().describe('The earliest start that suits, UK time'),
  latest: timeOfDay.optional().describe('The latest start that suits, UK time'),
  addressId: z
    .uuid({ message: 'choose one of your saved addresses' })
    .describe('The saved address the treatment is for: an offered time is held for it'),
  postcode: z
    .string()
    .trim()
    .max(16)
    .optional()
    .describe("If sent, must be the address's postcode; it must be in the city's area"),
});

export const waitlistEntryParams = z.object({
  id: z.uuid({ message: 'must be a waitlist entry id' }),
});

export const waitlistOfferParams = z.object({
  token: z.string().min(16).max(100),
});

const offerSummary = z.object({
  token: z.string().describe('Opens the offer on the account page: /account?offer={token}'),
  startsAt: isoInstant,
  expiresAt: isoInstant.describe('The time is held for this customer alone until then'),
  therapistName: z.string(),
});

export const waitlistEntrySchema = z.object({
  id: z.string(),
  city: z.string(),
  cityName: z.string(),
  treatmentIds: z.array(z.string()),
  treatmentNames: z.array(z.string()),
  from: isoDay,
  to: isoDay,
  therapistId: z.string().nullable(),
  therapistName: z.string().nullable(),
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
  postcode: z.string(),
  status: z.enum(['waiting', 'fulfilled', 'left', 'expired']),
  createdAt: isoInstant,
  offer: offerSummary.nullable().describe('The time held for this entry right now, if any'),
});

export const waitlistAnswer = z.object({
  entries: z.array(waitlistEntrySchema).describe('Waiting entries first, in order of joining'),
  offerMinutes: z
    .number()
    .int()
    .positive()
    .describe('How long a time offered from the waitlist is held for the customer alone'),
});

export const waitlistOfferSchema = z.object({
  status: z
    .enum(['offered', 'taken', 'lapsed'])
    .describe('offered: held for you until expiresAt; taken: booked; lapsed: the hold ran out'),
  bookingId: z.string().describe('The held booking to pay for while offered'),
  city: z.string(),
  startsAt: isoInstant,
  expiresAt: isoInstant,
  therapist: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    photoUrl: z.string().nullable(),
  }),
  treatmentIds: z.array(z.string()),
  treatmentNames: z.array(z.string()),
  totalPricePence: pence,
  totalDurationMinutes: minutes,
});

export const waitlistRunAnswer = z.object({
  offered: z.number().int(),
  taken: z.number().int(),
  lapsed: z.number().int(),
  expired: z.number().int(),
  ran: z.boolean().describe('false: another instance was running the matcher'),
});

export type JoinWaitlistRequest = z.output<typeof joinWaitlistBody>;
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;
export type WaitlistRun = z.infer<typeof waitlistRunAnswer>;
