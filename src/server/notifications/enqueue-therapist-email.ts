import { createElement } from 'react';
import { firstNameOf } from '../../domain/format';
import { TherapistEmail, type TherapistEmailProps } from '../mail/templates/therapist-email';
import { renderEmail } from '../mail/templates/render';
import type { BookingRecord } from '../../contract/booking-records';
import { UK_TIME_ZONE } from '../../domain/constants';
import { formatUkTime } from '../../domain/format';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { bookingCalendarFile } from './booking-calendar';
import { formatUkDateTime, SITE_NAME, treatmentWithDuration } from './booking-format';
import { therapistEventOf } from './therapist-event';

// The therapist's email for each booking confirmed, moved or cancelled, with a calendar file, so
// they know their day without signing in anywhere. Written to the outbox in the transaction of the
// change, like the customer's (enqueue-booking-email.ts). Booking finds the therapist's address
// and the booking's record and hands them here (booking/announce-to-therapist.ts).

export type TherapistEmailKind = 'confirmed' | 'rescheduled' | 'cancelled';

export interface TherapistNews {
  kind: TherapistEmailKind;
  /** The booking as it is after the change (src/contract/booking-records.ts). */
  record: BookingRecord;
  therapistEmail: string;
  /** How often it has moved: numbers the calendar file's updates and keeps each move's email apart. */
  rescheduleCount: number;
}

const ukTime = (instant: string) => formatUkTime(Date.parse(instant), UK_TIME_ZONE);

function subjectOf(kind: TherapistEmailKind, r: BookingRecord): string {
  const when = formatUkDateTime(r.startsAt);
  return {
    confirmed: `New booking ${r.reference}: ${when}`,
    rescheduled: `Booking ${r.reference} moved to ${when}`,
    cancelled: `Booking ${r.reference} cancelled: ${when} is free`,
  }[kind];
}

/** What the email says, once, for its plain text and its HTML alike. */
function contentOf(kind: TherapistEmailKind, r: BookingRecord): TherapistEmailProps {
  const event = therapistEventOf(r);
  const opening = {
    confirmed: 'You have a new booking.',
    rescheduled: 'A booking has moved to a new time.',
    cancelled: 'A booking has been cancelled: you are free at that time.',
  }[kind];
  return {
    subject: subjectOf(kind, r),
    greeting: `Hello ${firstNameOf(r.therapist.name)},`,
    opening,
    details: [
      ['Reference', r.reference],
      ['When', `${formatUkDateTime(r.startsAt)} to ${ukTime(r.endsAt)} (UK time)`],
      ...(event.travelMinutes > 0
        ? [
            [
              'Travel time',
              `${event.travelMinutes} minutes, until ${ukTime(r.endsWithBufferAt)}`,
            ] as const,
          ]
        : []),
      ['Customer', firstNameOf(r.customer.name)],
      ['Where', event.location || 'the address is no longer held'],
      ...(r.address?.instructions ? [['Access notes', r.address.instructions] as const] : []),
    ],
    treatments: r.items.map((i) => treatmentWithDuration(i.name, i.durationMinutes)),
    calendarNote:
      kind === 'cancelled'
        ? 'The attached calendar file removes it from your calendar.'
        : 'The attached calendar file adds it to your calendar.',
  };
}

/** The email's text; exported for its unit test. */
export function therapistEmailText(kind: TherapistEmailKind, r: BookingRecord): string {
  const c = contentOf(kind, r);
  return [
    c.greeting,
    '',
    c.opening,
    '',
    ...c.details.map(([label, value]) => `${label}: ${value}`),
    '',
    'Treatments:',
    ...c.treatments.map((t) => `  - ${t}`),
    '',
    c.calendarNote,
    '',
    SITE_NAME,
  ].join('\n');
}

/** The email's HTML twin of therapistEmailText. */
export function therapistEmailHtml(kind: TherapistEmailKind, r: BookingRecord): string {
  return renderEmail(createElement(TherapistEmail, contentOf(kind, r)));
}

/**
 * Writes the therapist's email to the outbox inside the caller's transaction. The dedupe key
 * makes a second write of the same news a no-op: one change, one email.
 */
export async function enqueueTherapistEmail(
  ctx: Pick<AppContext, 'config'>,
  tx: Db,
  news: TherapistNews,
): Promise<void> {
  const { kind, record, rescheduleCount } = news;
  const event = therapistEventOf(record);
  const cancelled = kind === 'cancelled';
  const file = bookingCalendarFile(
    {
      id: record.id,
      startsAt: record.startsAt,
      endsAt: record.endsAt,
      title: event.title,
      description: event.description,
      location: event.location,
      // The feed shows a confirmed booking at rescheduleCount; a cancellation must outrank it.
      sequence: rescheduleCount + (cancelled ? 1 : 0),
      status: cancelled ? 'cancelled' : 'confirmed',
      audience: 'therapist',
    },
    { publicUrl: ctx.config.publicUrl, name: SITE_NAME },
  );
  await enqueueMail(tx, {
    to: news.therapistEmail,
    subject: subjectOf(kind, record),
    text: therapistEmailText(kind, record),
    html: therapistEmailHtml(kind, record),
    attachments: [
      {
        filename: 'booking.ics',
        content: file,
        contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
      },
    ],
    dedupeKey: {
      confirmed: `booking-${record.id}-therapist-confirmed`,
      rescheduled: `booking-${record.id}-therapist-moved-${rescheduleCount}`,
      cancelled: `booking-${record.id}-therapist-cancelled`,
    }[kind],
  });
}
