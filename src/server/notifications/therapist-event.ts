import { firstNameOf } from '../../domain/format';
import type { BookingRecord } from '../../contract/booking-records';
import { minutesBetween, oneLineAddress, treatmentWithDuration } from './booking-format';
import { DEFAULT_RULES_CONFIG } from '../../domain/constants';
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
      ...(travelMinutes > 0 ? [`Travel time afterwards: ${travelMinutes} min`] : []),
    ].join('\n'),
    location: oneLineAddress(record.address),
    travelMinutes,
  };
}
