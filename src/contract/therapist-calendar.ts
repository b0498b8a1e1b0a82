import { z } from 'zod';

// A therapist's private calendar feed: its URL from the internal API, and the feed itself.

export const therapistIdParams = z.object({ id: z.string().min(1).max(100) });

export const therapistCalendarUrlSchema = z.object({
  therapistId: z.string(),
  url: z
    .url()
    .describe(
      'The private iCalendar feed to subscribe to (Google Calendar, Apple Calendar, Outlook). ' +
        'Anyone with it can read the bookings it shows: share it only with the therapist.',
    ),
});

export const calendarFeedParams = z.object({
  file: z.string().describe('The token from the calendar URL followed by .ics'),
});

export const calendarFeedSchema = z
  .string()
  .describe(
    'An iCalendar (RFC 5545) document: each upcoming confirmed booking as an event (treatments, ' +
      "the customer's first name, the address, the reference) followed by a Travel time event.",
  );

export type TherapistCalendarUrl = z.infer<typeof therapistCalendarUrlSchema>;
