import type { AddressSnapshot } from '../../contract/booking';
import { UK_TIME_ZONE } from '../../domain/constants';

// How bookings are worded in what we send out: the customer's emails, the therapist's emails and
// the therapist's calendar feed say a time, an address and a name the same way.

/** How the company signs its messages and names its calendars. */
export const SITE_NAME = 'Glow at Home';

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** UK wall-clock date and time in words, e.g. "Tuesday, 24 November 2026 at 10:00". */
export function formatUkDateTime(instant: string): string {
  return ukDateTime.format(Date.parse(instant));
}

/** The address on one line, e.g. "1 Test Street, Flat 2, Test City, EH1 1AA"; '' when erased. */
export function oneLineAddress(a: AddressSnapshot | null): string {
  if (!a) return '';
  return [a.line1, a.line2, a.town, a.postcode].filter(Boolean).join(', ');
}

/** Whole minutes between two instants, e.g. the travel buffer after the treatments. */
export function minutesBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
}

/**
 * A treatment with its length, e.g. "Swedish Massage (60 min)". Catalogue names often say their
 * length already ("Swedish Massage (60 min)"), so it is added only when the name does not end
 * with it: never "Swedish Massage (60 min) (60 min)".
 */
export function treatmentWithDuration(name: string, durationMinutes: number): string {
  const length = `(${durationMinutes} min)`;
  return name.trimEnd().endsWith(length) ? name.trimEnd() : `${name} ${length}`;
}
