import { normalisePostcode } from '../../../domain/postcode';
import { isApiError } from '../../lib/api';
import type { BookingPlace } from './booking-place';

// What the booking screens say about travel, as pure functions so the words (singular, plural,
// which case) are tested without a browser. The server's own sentences (a therapist's travel
// note, a refusal's detail) are shown as they come.

/**
 * The words to show at the postcode field when an availability answer refused the postcode, or
 * null when the error is about something else. Decided by the problem's code (decision 0072); the
 * customer reads the server's detail, which names the areas we cover.
 */
export function placeProblem(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (
    error.code === 'unknown_postcode_district' ||
    error.code === 'postcode_not_covered' ||
    error.code === 'postcode_outside_city'
  ) {
    return error.detail;
  }
  // Not a UK postcode: the browser checks first, so only a stored value edited by hand gets here.
  return error.errors.find((e) => e.field === 'query.postcode')?.message ?? null;
}

/**
 * "2 more therapists are free that day but can't reach EH30.": said below the list, so a short
 * list reads as the travel's doing rather than a quiet day. "more" only when some are listed.
 */
export function outOfReachSentence(
  count: number,
  district: string,
  othersListed: boolean,
): string | null {
  if (count <= 0) return null;
  const who = count === 1 ? 'therapist is' : 'therapists are';
  return `${count} ${othersListed ? 'more ' : ''}${who} free that day but can't reach ${district}.`;
}

/**
 * At checkout, under the chosen address: what the hold will check, when the times shown were
 * not checked for this address. Null when they were.
 */
export function addressCheckNote(
  addressPostcode: string,
  place: BookingPlace | null,
): string | null {
  const postcode = normalisePostcode(addressPostcode);
  if (!place) return `We'll check your time for ${postcode} when we hold it.`;
  if (place.postcode === postcode) return null;
  return `Your times were checked for ${place.postcode}. We'll check this time for ${postcode} when we hold it.`;
}
