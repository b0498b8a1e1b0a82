import { z } from 'zod';

// GET /api/me/events: the signed-in customer's live channel (docs/decisions/0083). A stream of
// Server-Sent Events naming what changed, never the data: the page asks the API again.

/** What changed: each kind names the reads to repeat. */
export const LIVE_CHANGE_KINDS = [
  'me',
  'wallet',
  'bookings',
  'booking',
  'addresses',
  'cards',
  'session',
] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

/**
 * Why a stream's own session ended, in its last frame (`ended`): signed out (elsewhere, revoked,
 * expired, the account deleted), or the account now belongs to another of the company's services.
 */
export const SESSION_END_REASONS = ['signed_out', 'another_service'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The stream's retry: field, the delay a browser's EventSource waits before reconnecting. */
export const LIVE_RETRY_MS = 3000;

export const liveEventsQuery = z.object({
  lastEventId: z
    .string()
    .max(40)
    .optional()
    .describe(
      'Resume after this event id, as the Last-Event-ID header does (which wins when both are ' +
        'sent): for a new EventSource, which cannot set headers.',
    ),
});

export const liveEventStreamSchema = z
  .string()
  .describe(
    [
      'text/event-stream (Server-Sent Events), starting with `retry: 3000`. Each event is',
      '`id: <n>`, `event: <kind>`, `data: {}` — or `data: {"bookingId":"<uuid>"}` for `booking`.',
      '',
      'Kinds, each saying what to fetch again through the API:',
      '- `me`: the profile (name, phone, roles, business payment arrangement).',
      '- `wallet`: the wallet and its balance.',
      '- `bookings`: a new booking (the lists of appointments).',
      '- `booking`: that booking changed (its status, time, payment or progress).',
      '- `addresses`, `cards`: the saved addresses, the saved cards.',
      '- `session`: a session of the customer ended; if it was this one, the stream ends after it',
      '  with `ended`, whose data says why: `{"reason":"signed_out"}` or `{"reason":"another_service"}`',
      '  (the account is now a therapist or onboarder, who sign in elsewhere).',
      '- `reset`: the resume point is older than the server keeps: fetch everything again.',
      '- `ready`: sent once, when the stream is live; its id is a resume point.',
      '',
      'A comment line `: ping` comes every 25 s or so. Reconnect with the last id received ' +
        '(Last-Event-ID header or ?lastEventId=) to receive what happened meanwhile; an event may ' +
        'come twice, which only means fetching twice.',
    ].join('\n'),
  );
