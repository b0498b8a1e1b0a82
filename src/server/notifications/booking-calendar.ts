import { createEvent } from 'ics';

// The calendar file attached to booking emails. One UID per booking and a SEQUENCE that grows
// with every change, so a calendar app updates (or removes) the same event instead of adding one.
// The customer's and the therapist's copies are different events with different UIDs: one
// calendar (a shared family one, say) may hold both, and each must change only its own.

export type CalendarAudience = 'customer' | 'therapist';

export interface CalendarBooking {
  id: string;
  startsAt: string;
  endsAt: string;
  title: string;
  description: string;
  location: string;
  sequence: number;
  status: 'confirmed' | 'cancelled';
  /** Whose calendar the event is for; the customer's when left out. */
  audience?: CalendarAudience;
}

/** The event's UID: the same in the therapist's emails and in their calendar feed. */
export function bookingEventUid(
  bookingId: string,
  publicUrl: string,
  audience: CalendarAudience = 'customer',
): string {
  const host = new URL(publicUrl).hostname;
  return audience === 'customer'
    ? `booking-${bookingId}@${host}`
    : `booking-${bookingId}-therapist@${host}`;
}

export function bookingCalendarFile(
  b: CalendarBooking,
  site: { publicUrl: string; name: string },
): string {
  const audience = b.audience ?? 'customer';
  const { error, value } = createEvent({
    uid: bookingEventUid(b.id, site.publicUrl, audience),
    productId: `-//${site.name}//Bookings//EN`,
    method: b.status === 'cancelled' ? 'CANCEL' : 'PUBLISH',
    status: b.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    sequence: b.sequence,
    start: Date.parse(b.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(b.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: b.title,
    description: b.description,
    location: b.location,
    // The customer's appointments page; therapists have no page here to link to.
    ...(audience === 'customer' ? { url: `${site.publicUrl}/account/appointments` } : {}),
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('calendar file not created');
  return value;
}
