import type { BookingView } from '../../contract/booking';
import { bookingCalendarFile } from './booking-calendar';
import { oneLineAddress, SITE_NAME } from './booking-format';

// The customer's calendar event for a booking: attached to their emails and downloaded from
// "Add to calendar" (GET /api/bookings/:id/calendar.ics). One function makes both, so the UID and
// SEQUENCE agree and importing the download after the email (or the reverse) updates one event.

/**
 * The event's SEQUENCE: one step per move, one more once cancelled, so each change outranks the
 * last in the customer's calendar.
 */
function customerEventSequence(rescheduleCount: number, cancelled: boolean): number {
  return rescheduleCount + (cancelled ? 1 : 0);
}

export function customerCalendarFile(
  view: BookingView,
  rescheduleCount: number,
  cancelled: boolean,
  publicUrl: string,
): string {
  const names = view.items.map((i) => i.name);
  return bookingCalendarFile(
    {
      id: view.id,
      startsAt: view.startsAt,
      endsAt: view.endsAt,
      title: `${names.join(', ')} with ${view.therapist.name}`,
      description: [...names, '', `Booking reference: ${view.reference}`].join('\n'),
      location: oneLineAddress(view.address),
      sequence: customerEventSequence(rescheduleCount, cancelled),
      status: cancelled ? 'cancelled' : 'confirmed',
    },
    { publicUrl, name: SITE_NAME },
  );
}

/** The Content-Type of the customer's calendar file, with the iTIP method calendar apps read. */
export function customerCalendarContentType(cancelled: boolean): string {
  return `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`;
}
