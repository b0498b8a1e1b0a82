import { createEvents, type EventAttributes } from 'ics';
import type { BookingRecord } from '../../contract/booking-records';
import { bookingEventUid } from '../notifications/booking-calendar';
import { SITE_NAME } from '../notifications/booking-format';
import { therapistEventOf } from '../notifications/therapist-event';

// A therapist's calendar feed: the iCalendar document Google Calendar, Apple Calendar and Outlook
// fetch again and again from the private URL. Each upcoming confirmed booking is an event whose
// UID is the one in the therapist's emails, so an app that has both sees one event; the travel
// buffer after it is an event of its own, "Travel time", so the day shows when they are free.
// A booking cancelled or moved away is simply absent or changed on the next fetch: subscribed
// calendars mirror the feed.

/** How often subscribers are asked to fetch again (Google decides for itself, usually hours). */
export const FEED_REFRESH = 'PT15M';

export interface FeedInput {
  therapistName: string;
  publicUrl: string;
  /** The upcoming confirmed bookings in order of start, each with its reschedule count. */
  bookings: readonly { record: BookingRecord; rescheduleCount: number }[];
}

const utc = {
  startInputType: 'utc',
  startOutputType: 'utc',
  endInputType: 'utc',
  endOutputType: 'utc',
} as const;

function eventsOf(record: BookingRecord, sequence: number, publicUrl: string): EventAttributes[] {
  const event = therapistEventOf(record);
  const uid = bookingEventUid(record.id, publicUrl, 'therapist');
  const common = {
    ...utc,
    // The therapist's emails number the event the same way: each move is a newer version.
    sequence,
    lastModified: Date.parse(record.updatedAt),
    classification: 'PRIVATE',
    transp: 'OPAQUE',
    status: 'CONFIRMED',
  } as const;
  const booking: EventAttributes = {
    ...common,
    uid,
    start: Date.parse(record.startsAt),
    end: Date.parse(record.endsAt),
    title: event.title,
    description: event.description,
    location: event.location,
  };
  if (event.travelMinutes === 0) return [booking];
  return [
    booking,
    {
      ...common,
      uid: uid.replace('-therapist@', '-therapist-travel@'),
      start: Date.parse(record.endsAt),
      end: Date.parse(record.endsWithBufferAt),
      title: 'Travel time',
      description: `After ${event.title} (${record.reference}): ${event.travelMinutes} min to move on.`,
    },
  ];
}

/** The feed as text/calendar. Pure: the records come in, the document goes out. */
export function therapistFeed(input: FeedInput): string {
  const events = input.bookings.flatMap((b) =>
    eventsOf(b.record, b.rescheduleCount, input.publicUrl),
  );
  const { error, value } = createEvents(events, {
    productId: `-//${SITE_NAME}//Therapist calendar//EN`,
    method: 'PUBLISH',
    calName: `${SITE_NAME} — ${input.therapistName}`,
  });
  if (error || !value) throw error ?? new Error('calendar feed not created');
  // ics writes a one-hour X-PUBLISHED-TTL (Outlook's hint); say 15 minutes to both Outlook and
  // Apple (REFRESH-INTERVAL, RFC 7986) so a new booking shows up soon.
  const refresh = `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}\r\nX-PUBLISHED-TTL:${FEED_REFRESH}\r\n`;
  return value
    .replace(/X-PUBLISHED-TTL:[^\r\n]*\r\n/, '')
    .replace('METHOD:PUBLISH\r\n', `METHOD:PUBLISH\r\n${refresh}`);
}
