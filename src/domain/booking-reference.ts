// A booking's reference is 8 Crockford base32 symbols (the database makes them: migration 0010).
// People read them aloud and type them from emails, so what they type is forgiven the way
// Crockford's alphabet intends: any case, spaces and dashes ignored, O read as 0, I and L as 1.

const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** The reference in its stored form, or null when the text cannot be one. */
export function normalizeReference(text: string): string | null {
  const cleaned = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return REFERENCE.test(cleaned) ? cleaned : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a caller named a booking: by its id or by its reference. */
export type BookingKey = { id: string } | { reference: string };

export function parseBookingKey(text: string): BookingKey | null {
  const trimmed = text.trim();
  if (UUID.test(trimmed)) return { id: trimmed.toLowerCase() };
  const reference = normalizeReference(trimmed);
  return reference ? { reference } : null;
}
