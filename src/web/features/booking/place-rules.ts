import { isUkPostcode, normalisePostcode } from '../../../domain/postcode';
import type { BookingPlace } from './booking-place';

// The postcode rules of the place question and checkout. Apart from booking-place.ts, which the
// home page's first bundle reads with the selection: that bundle has a budget, these pages do not
// load on the home page.

interface AddressLike {
  id: string;
  postcode: string;
  isDefault: boolean;
}

/**
 * The saved address checkout starts with: the one the place was picked from, else one with the
 * place's postcode (the times were checked for it), else the default, else the first.
 */
export function preferredAddressId(
  addresses: readonly AddressLike[],
  place: BookingPlace | null,
): string | null {
  const picked = place?.addressId ? addresses.find((a) => a.id === place.addressId) : undefined;
  const samePostcode = place
    ? addresses.find((a) => normalisePostcode(a.postcode) === place.postcode)
    : undefined;
  return (picked ?? samePostcode ?? addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null;
}

/**
 * The browser's own check of a typed postcode, in the contract's words (src/contract/
 * availability.ts), so the field says the same as the server would; null when it will do.
 */
export function postcodeMessage(raw: string): string | null {
  if (raw.trim() === '') return 'Enter a postcode';
  return isUkPostcode(raw) ? null : 'Enter a UK postcode, like EH6 5AA';
}
