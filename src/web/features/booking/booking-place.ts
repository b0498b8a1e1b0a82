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

/** What the app stores, a normalised postcode, by shape only ("EH6 5AA", "W1A 0AX"). */
const STORED_POSTCODE = /^[A-Z0-9]{2,4} [0-9][A-Z]{2}$/;

/**
 * A stored place read defensively: anything not shaped like the postcode the app stores is
 * dropped. Only the shape is checked here, since this runs in the home page's first bundle, which
 * has a budget; the server checks the postcode itself, and a wrong one is answered at the field.
 */
export function readStoredPlace(value: unknown): BookingPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const { postcode, addressId } = value as Record<string, unknown>;
  if (typeof postcode !== 'string' || !STORED_POSTCODE.test(postcode)) return null;
  return { postcode, addressId: typeof addressId === 'string' ? addressId : null };
}
