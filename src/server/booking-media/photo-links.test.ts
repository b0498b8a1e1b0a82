import { describe, expect, it } from 'vitest';
import { checkPhotoLink, signedPhotoLink } from './photo-links';

const secret = 'a-test-secret-of-enough-length-0123456789';
const photoId = '2b0d6c1e-8f3a-4c55-9a57-0e7c6f1d2a10';
const now = new Date('2026-11-23T08:00:00Z');

const partsOf = (url: string) => {
  const u = new URL(url);
  return {
    expires: u.searchParams.get('expires') ?? '',
    signature: u.searchParams.get('signature') ?? '',
  };
};

describe('photo links', () => {
  it('are valid until they expire, then refused', () => {
    const link = signedPhotoLink(photoId, {
      secret,
      publicUrl: 'https://glow.example',
      now,
      lifetimeSeconds: 3600,
    });
    expect(link.url).toMatch(
      /^https:\/\/glow\.example\/api\/booking-photos\/[\w-]+\?expires=\d+&signature=[\w-]{43}$/,
    );
    expect(link.expiresAt).toBe('2026-11-23T09:00:00.000Z');
    const { expires, signature } = partsOf(link.url);
    expect(checkPhotoLink(secret, photoId, expires, signature, now)).toBe('valid');
    expect(
      checkPhotoLink(secret, photoId, expires, signature, new Date('2026-11-23T09:00:00Z')),
    ).toBe('expired');
  });

  it('refuses a link altered in any part, or signed with another secret', () => {
    const { expires, signature } = partsOf(
      signedPhotoLink(photoId, { secret, publicUrl: 'http://x', now, lifetimeSeconds: 3600 }).url,
    );
    const later = String(Number(expires) + 3600);
    expect(checkPhotoLink(secret, photoId, later, signature, now)).toBe('forged');
    const otherPhoto = photoId.replace(/0$/, '1');
    expect(checkPhotoLink(secret, otherPhoto, expires, signature, now)).toBe('forged');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(checkPhotoLink(secret, photoId, expires, flipped, now)).toBe('forged');
    expect(checkPhotoLink(`${secret}x`, photoId, expires, signature, now)).toBe('forged');
  });

  it("rounds the calendar feed's expiry up to a whole day, so the feed reads the same all day", () => {
    const options = { secret, publicUrl: '', lifetimeSeconds: 48 * 3600, wholeDays: true };
    const morning = signedPhotoLink(photoId, { ...options, now });
    const evening = signedPhotoLink(photoId, { ...options, now: new Date('2026-11-23T20:00:00Z') });
    expect(morning).toEqual(evening);
    expect(morning.expiresAt).toBe('2026-11-26T00:00:00.000Z');
  });
});
