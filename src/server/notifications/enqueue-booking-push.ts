import type { BookingView } from '../../contract/booking';
import type { PushPayload } from '../../contract/push-message';
import { UK_TIME_ZONE } from '../../domain/constants';
import { formatPence } from '../../domain/format';
import { reminderTtlSeconds } from '../../domain/reminders';
import type { OutgoingPush } from '../push/push-outbox';
import type { BookingEmailKind } from './booking-news-kind';

// The push twin of the booking email: short enough for a lock screen, and opening the customer's
// appointments. Written in the same transaction as the email (booking/announce-booking-change.ts).

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const DAY_S = 24 * 60 * 60;

export function bookingPushPayload(kind: BookingEmailKind, v: BookingView): PushPayload {
  const treatments = v.items.map((i) => i.name).join(', ');
  const at = when.format(Date.parse(v.startsAt));
  const texts: Record<BookingEmailKind, [string, string]> = {
    confirmed: ['Booking confirmed', `${treatments} with ${v.therapist.name}, ${at}.`],
    rescheduled: ['Booking moved', `${treatments} with ${v.therapist.name} is now ${at}.`],
    cancelled: [
      'Booking cancelled',
      `${treatments} on ${at} is cancelled.${v.refundedPence > 0 ? ` Refund: ${formatPence(v.refundedPence)}.` : ''}`,
    ],
    reminder: ['Your appointment is coming up', `${treatments} with ${v.therapist.name}, ${at}.`],
  };
  const [title, body] = texts[kind];
  return { title, body, url: '/account/appointments', tag: `booking-${v.id}` };
}

/**
 * The push for each of the customer's devices, one per change like the email; written by
 * enqueueBookingEmail in the same statement as the email.
 */
export function bookingPush(news: {
  kind: BookingEmailKind;
  view: BookingView;
  userId: string;
  rescheduleCount: number;
  now: Date;
}): OutgoingPush {
  const { kind, view, userId, rescheduleCount, now } = news;
  return {
    userId,
    message: bookingPushPayload(kind, view),
    dedupeKey:
      kind === 'rescheduled' || kind === 'reminder'
        ? `booking-${view.id}-${kind}-${rescheduleCount}`
        : `booking-${view.id}-${kind}`,
    // A reminder is worthless once the appointment has begun; other news keeps for a day.
    ttlSeconds: kind === 'reminder' ? reminderTtlSeconds(new Date(view.startsAt), now) : DAY_S,
    // One topic per booking: a phone that was off hears only the latest news of it.
    topic: view.id.replace(/-/g, ''),
  };
}
