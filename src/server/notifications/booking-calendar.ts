import { createEvent } from 'ics';

// The calendar file attached to booking emails. One UID per booking and a SEQUENCE that grows
// with every change, so a calendar app updates (or removes) the same event instead of adding one.

export interface CalendarBooking {
  id: string;
  startsAt: string;
  endsAt: string;
  title: string;
  description: string;
  location: string;
  sequence: number;
  status: 'confirmed' | 'cancelled';
}

export function bookingCalendarFile(
  b: CalendarBooking,
  site: { publicUrl: string; name: string },
): string {
  const host = new URL(site.publicUrl).hostname;
  const { error, value } = createEvent({
    uid: `booking-${b.id}@${host}`,
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
    url: `${site.publicUrl}/account/appointments`,
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('calendar file not created');
  return value;
}
