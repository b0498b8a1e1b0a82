// UK postcodes, without zod: the web app's first bundle checks them (booking-place.ts), and
// account-forms.ts, which brings zod, re-exports them for the forms.

// Royal Mail's shape: outward code (area, district) and inward code (sector, unit), GIR 0AA aside.
const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** An outward code alone, such as "EH6" or "W1A": a postcode district. */
export const POSTCODE_DISTRICT =
  /^[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY])$/;

/** Upper case with one space before the inward code: "eh1 1aa" -> "EH1 1AA". */
export function normalisePostcode(raw: string): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isUkPostcode(raw: string): boolean {
  return UK_POSTCODE.test(normalisePostcode(raw));
}

/**
 * The outward code ("EH1" of "EH1 1AA"): a district of thousands of homes, so it says where work
 * was done (what accounting and VAT need) without saying who lived there. Null when the postcode
 * is not a UK one, since no part of an unknown format is known to be safe to keep.
 */
export function postcodeDistrict(raw: string): string | null {
  if (!isUkPostcode(raw)) return null;
  return normalisePostcode(raw).split(' ')[0] ?? null;
}

/** The postcode area: the letters the outward code starts with ("EH" of "EH6 5AA"), or null. */
export function postcodeArea(raw: string): string | null {
  return /^[A-Z]+/.exec(postcodeDistrict(raw) ?? '')?.[0] ?? null;
}
