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

/** A TEXT value of RFC 5545: backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/;/g, '\\;').replace(/,/g, '\\,');

/** 20261124T090000Z: an instant in UTC, to the second. */
const icsInstant = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A content line folded as RFC 5545 asks: at most 75 octets a line, the rest on lines that begin
 * with a space, never splitting a character.
 */
function folded(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The first line holds 75 octets; each later one 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += ch;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/**
 * The calendar file, written here rather than by a library: the event always has the same few
 * fields, made by us, and the `ics` package validated each one against a schema first, which
 * was the largest piece of CPU in confirming a booking after the database's own (docs/decisions/0053).
 */
export function bookingCalendarFile(
  b: CalendarBooking,
  site: { publicUrl: string; name: string },
): string {
  const audience = b.audience ?? 'customer';
  const cancelled = b.status === 'cancelled';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:-//${site.name}//Bookings//EN`,
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'X-PUBLISHED-TTL:PT1H',
    'BEGIN:VEVENT',
    `UID:${bookingEventUid(b.id, site.publicUrl, audience)}`,
    `SUMMARY:${icsText(b.title)}`,
    `DTSTAMP:${icsInstant(Date.now())}`,
    `DTSTART:${icsInstant(Date.parse(b.startsAt))}`,
    `DTEND:${icsInstant(Date.parse(b.endsAt))}`,
    `SEQUENCE:${b.sequence}`,
    `DESCRIPTION:${icsText(b.description)}`,
    // The customer's appointments page; therapists have no page here to link to.
    ...(audience === 'customer' ? [`URL:${site.publicUrl}/account/appointments`] : []),
    `LOCATION:${icsText(b.location)}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(folded).join('\r\n') + '\r\n';
}
