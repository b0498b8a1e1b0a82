import { isUkPostcode, normalisePostcode } from '../../../domain/account-forms';

// Where the treatment will be, as the booking selection remembers it. Therapists travel to the
// customer, so the availability answers are worked out for this postcode (docs/decisions/0077);
// without one the times are to be confirmed for the address, which the hold does.

export interface BookingPlace {
  /** A UK postcode, normalised: "EH6 5AA". */
  postcode: string;
  /**
   * The saved address it was picked from, so checkout can preselect that one; null for a postcode
   * typed in. Only the id is kept: the address's own lines stay in the account, not in storage.
   */
  addressId: string | null;
}

export function samePlace(a: BookingPlace | null, b: BookingPlace | null): boolean {
  return a?.postcode === b?.postcode && a?.addressId === b?.addressId;
}

/** A stored place read defensively: anything that is not a UK postcode is dropped. */
export function readStoredPlace(value: unknown): BookingPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const { postcode, addressId } = value as Record<string, unknown>;
  if (typeof postcode !== 'string' || !isUkPostcode(postcode)) return null;
  return {
    postcode: normalisePostcode(postcode),
    addressId: typeof addressId === 'string' ? addressId : null,
  };
}

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
