import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A browser that has signed in to an account with its password before is the owner's own device
// far more often than anyone else's, so its password attempts are counted on their own and never
// against the ceiling that a crowd of addresses can fill (decision 0065). The browser keeps the
// proof in a cookie: a random device id and a tag per account signed in from it, signed with the
// auth secret, so it cannot be made up, moved to another account or extended without a sign-in.
// Nothing in it names the account: a tag is a keyed hash of the email.

export const KNOWN_DEVICE_COOKIE = 'glow_known_device';
/** Only the sign-in routes read it, so no other request carries it. */
const COOKIE_PATH = '/api/auth';
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** A household's shared laptop signs in to a few accounts; more than this and the oldest go. */
const MAX_ACCOUNTS = 5;

export interface KnownDevice {
  id: string;
  /** Newest first. */
  tags: string[];
}

const mac = (secret: string, purpose: string, text: string) =>
  createHmac('sha256', secret).update(`${purpose}\0${text}`).digest();

function accountTag(secret: string, email: string): string {
  return mac(secret, 'known-device-account', email.trim().toLowerCase())
    .subarray(0, 12)
    .toString('base64url');
}

function signed(secret: string, device: KnownDevice): string {
  const body = `${device.id}.${device.tags.join('~')}`;
  return `${body}.${mac(secret, 'known-device', body).toString('base64url')}`;
}

function cookieValue(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === KNOWN_DEVICE_COOKIE) {
      return part.slice(eq + 1).trim();
    }
  }
  return null;
}

/** The device the request's cookie proves, or null when there is none or it was tampered with. */
export function readKnownDevice(
  secret: string,
  cookieHeader: string | undefined,
): KnownDevice | null {
  const value = cookieValue(cookieHeader);
  const parts = value?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [id = '', tags = '', signature = ''] = parts;
  // Compared as text, so only the one encoding of the signature is accepted.
  const expected = Buffer.from(mac(secret, 'known-device', `${id}.${tags}`).toString('base64url'));
  const given = Buffer.from(signature);
  if (id === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return null;
  }
  return { id, tags: tags === '' ? [] : tags.split('~') };
}

/** Whether the account with this email has been signed in to from this device. */
export function deviceKnowsAccount(secret: string, device: KnownDevice, email: string): boolean {
  return device.tags.includes(accountTag(secret, email));
}

/** The device after a successful password sign-in to `email` (a new device when there was none). */
export function rememberAccount(
  secret: string,
  device: KnownDevice | null,
  email: string,
): KnownDevice {
  const tag = accountTag(secret, email);
  const others = (device?.tags ?? []).filter((t) => t !== tag);
  return {
    id: device?.id ?? randomBytes(16).toString('base64url'),
    tags: [tag, ...others].slice(0, MAX_ACCOUNTS),
  };
}

/** The Set-Cookie header that keeps the device known for a year from its last sign-in. */
export function knownDeviceCookie(secret: string, device: KnownDevice, secure: boolean): string {
  const attributes = [
    `${KNOWN_DEVICE_COOKIE}=${signed(secret, device)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${LIFETIME_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  return attributes.join('; ');
}
