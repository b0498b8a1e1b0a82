import { describe, expect, it } from 'vitest';
import {
  deviceKnowsAccount,
  KNOWN_DEVICE_COOKIE,
  knownDeviceCookie,
  readKnownDevice,
  rememberAccount,
  type KnownDevice,
} from './known-device';

const SECRET = 'a-test-secret-of-thirty-two-characters-or-more';

/** The Cookie header a browser sends back for a Set-Cookie line. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';
const cookieFor = (device: KnownDevice, secret = SECRET) =>
  sentBack(knownDeviceCookie(secret, device, false));

describe('known-device cookie', () => {
  it('proves the accounts signed in from the device, and no other', () => {
    const device = rememberAccount(SECRET, null, 'Owner@Example.com ');
    const read = readKnownDevice(SECRET, `other=1; ${cookieFor(device)}`);
    expect(read).toEqual(device);
    if (!read) throw new Error('unreadable');
    expect(deviceKnowsAccount(SECRET, read, 'owner@example.com')).toBe(true);
    expect(deviceKnowsAccount(SECRET, read, 'someone@example.com')).toBe(false);
  });

  it('does not name the account', () => {
    const cookie = cookieFor(rememberAccount(SECRET, null, 'owner@example.com'));
    expect(cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`)).toBe(true);
    expect(cookie).not.toMatch(/owner|example/i);
  });

  it('is refused when changed, signed with another secret, or encoded another way', () => {
    const device = rememberAccount(SECRET, null, 'owner@example.com');
    const value = cookieFor(device).slice(KNOWN_DEVICE_COOKIE.length + 1);
    const [id = '', tags = '', signature = ''] = value.split('.');
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const refused = [
      `${flip(id, 0)}.${tags}.${signature}`,
      `${id}.${flip(tags, 0)}.${signature}`,
      `${id}.${tags}.${flip(signature, 0)}`,
      // The signature's last character carries unused bits: another one decodes the same bytes.
      `${id}.${tags}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${tags}`,
      '',
    ];
    for (const tampered of refused) {
      expect(readKnownDevice(SECRET, `${KNOWN_DEVICE_COOKIE}=${tampered}`), tampered).toBeNull();
    }
    const elsewhere = cookieFor(device, 'another-secret-of-thirty-two-characters-or-more');
    expect(readKnownDevice(SECRET, elsewhere)).toBeNull();
    expect(readKnownDevice(SECRET, undefined)).toBeNull();
  });

  it('keeps its id and the five accounts signed in from it most recently', () => {
    let device = rememberAccount(SECRET, null, 'first@example.com');
    const id = device.id;
    for (let i = 2; i <= 6; i++) device = rememberAccount(SECRET, device, `user-${i}@example.com`);
    expect(device.id).toBe(id);
    expect(device.tags).toHaveLength(5);
    expect(deviceKnowsAccount(SECRET, device, 'first@example.com')).toBe(false);
    expect(deviceKnowsAccount(SECRET, device, 'user-6@example.com')).toBe(true);
    // Signing in again moves an account to the front rather than listing it twice.
    const again = rememberAccount(SECRET, device, 'user-3@example.com');
    expect(again.tags).toHaveLength(5);
    expect(again.tags[0]).toBe(rememberAccount(SECRET, null, 'user-3@example.com').tags[0]);
  });

  it('is HttpOnly, SameSite=Lax, sent to the auth routes only, for a year; Secure in production', () => {
    const device = rememberAccount(SECRET, null, 'owner@example.com');
    const attributes = (secure: boolean) =>
      knownDeviceCookie(SECRET, device, secure).split('; ').slice(1);
    expect(attributes(false)).toEqual([
      'Path=/api/auth',
      'Max-Age=31536000',
      'HttpOnly',
      'SameSite=Lax',
    ]);
    expect(attributes(true)).toContain('Secure');
  });
});
