import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignedPhotoLink } from '../../contract/booking-media';

// The therapist's way to a customer's photo (docs/decisions/0093): a link carrying its expiry
// and an HMAC-SHA256 of the photo's id and that expiry, keyed by the auth secret under a purpose
// of its own (as auth/known-device.ts does), so it cannot be made up, moved to another photo or
// extended. Nothing is stored: a link is checked by computing it again.

/** The internal booking record's links: read by support or the therapist app, then refetched. */
export const RECORD_LINK_SECONDS = 60 * 60;
/**
 * The calendar feed's links: a calendar app shows the link it fetched until it fetches again,
 * which Google Calendar does every 12 to 24 hours. Expiries are rounded up to the next UTC
 * midnight, so the feed's text stays the same all day (no event looks changed on each fetch),
 * and a link lives between 48 and 72 hours.
 */
export const FEED_LINK_SECONDS = 48 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

const PURPOSE = 'booking-photo-link';

const signatureOf = (secret: string, photoId: string, expires: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}\0${photoId}\0${expires}`).digest('base64url');

export interface LinkOptions {
  secret: string;
  publicUrl: string;
  now: Date;
  lifetimeSeconds: number;
  /** Round the expiry up to a whole UTC day (the calendar feed). */
  wholeDays?: boolean;
}

export function signedPhotoLink(photoId: string, options: LinkOptions): SignedPhotoLink {
  const earliest = Math.floor(options.now.getTime() / 1000) + options.lifetimeSeconds;
  const expires = options.wholeDays ? Math.ceil(earliest / DAY_SECONDS) * DAY_SECONDS : earliest;
  const query = `expires=${expires}&signature=${signatureOf(options.secret, photoId, expires)}`;
  return {
    id: photoId,
    url: `${options.publicUrl}/api/booking-photos/${photoId}?${query}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export type LinkCheck = 'valid' | 'expired' | 'forged';

/** Whether a link's signature is ours for this photo and expiry, and the expiry not past. */
export function checkPhotoLink(
  secret: string,
  photoId: string,
  expires: string,
  signature: string,
  now: Date,
): LinkCheck {
  const expected = Buffer.from(signatureOf(secret, photoId, Number(expires)));
  const given = Buffer.from(signature);
  // Compared as text, so only the one encoding of the signature is accepted.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Number(expires) * 1000 > now.getTime() ? 'valid' : 'expired';
}
