import { firstNameOf } from '../../domain/format';
import type { BookingRecord } from '../../contract/booking-records';
import { minutesBetween, oneLineAddress, treatmentWithDuration } from './booking-format';
import { DEFAULT_RULES_CONFIG, UK_TIME_ZONE } from '../../domain/constants';
import { journeyLine } from '../../domain/journey-line';

// What a therapist is told of a booking, in their emails' calendar files and in their calendar
// feed alike: the treatments, where, the customer's first name and the reference. Not the
// customer's surname, phone or email: the feed is a URL that calendar services fetch and keep,
// so it carries only what the visit needs (docs/decisions/0036).

export interface TherapistEvent {
  title: string;
  description: string;
  location: string;
  /** The buffer after the treatments, shown as travel time (0 when there is none). */
  travelMinutes: number;
}

export function treatmentNames(record: BookingRecord): string {
  return record.items.map((i) => i.name).join(', ');
}

/** The earliest expiry of the photo links, in UK words: "Friday 4 December, 00:00". */
function linkExpiry(photos: readonly { expiresAt: string }[]): string {
  const earliest = Math.min(...photos.map((p) => Date.parse(p.expiresAt)));
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(earliest);
}

export function therapistEventOf(record: BookingRecord): TherapistEvent {
  const customer = firstNameOf(record.customer.name);
  const instructions = record.address?.instructions?.trim();
  const travelMinutes = Math.max(0, minutesBetween(record.endsAt, record.endsWithBufferAt));
  return {
    title: `${treatmentNames(record)} — ${customer}`,
    description: [
      `Reference: ${record.reference}`,
      ...(record.journey
        ? [`Journey: ${journeyLine(record.journey, DEFAULT_RULES_CONFIG.timeZone)}`]
        : []),
      `Customer: ${customer}`,
      'Treatments:',
      ...record.items.map((i) => `- ${treatmentWithDuration(i.name, i.durationMinutes)}`),
      ...(instructions ? [`Access notes: ${instructions}`] : []),
      ...(record.accessNotes ? [`Notes from ${customer}: ${record.accessNotes}`] : []),
      ...(record.photos?.length
        ? [
            `Photos from ${customer} (links work until ${linkExpiry(record.photos)}):`,
            ...record.photos.map((p) => `- ${p.url}`),
          ]
        : []),
      ...(travelMinutes > 0 ? [`Travel time afterwards: ${travelMinutes} min`] : []),
    ].join('\n'),
    location: oneLineAddress(record.address),
    travelMinutes,
  };
}
