import { sameUkPhone } from './uk-phone';

/**
 * A code equal to the customer's own id is ignored (docs/product.md#referrals). Codes are trimmed
 * first so a pasted code with stray spaces still counts, and so does a self-referral padded with
 * spaces.
 */
export function effectiveReferralCode(
  code: string | null | undefined,
  customerId: string | null,
): string | null {
  const trimmed = code?.trim() ?? '';
  if (trimmed === '') return null;
  if (customerId !== null && trimmed === customerId.trim()) return null;
  return trimmed;
}

// Friendly referral codes: 8 characters of Crockford base32 (no I, L, O or U, so nothing is
// misread aloud), shown in two groups of four. They only stand for a customer; they are no secret.
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

/** The canonical form of a typed or pasted friendly code: upper case, separators dropped. */
export function normaliseReferralCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function isFriendlyReferralCode(code: string): boolean {
  const normal = normaliseReferralCode(code);
  return (
    normal.length === REFERRAL_CODE_LENGTH &&
    [...normal].every((c) => REFERRAL_CODE_ALPHABET.includes(c))
  );
}

/** "K7Q2M9XD" → "K7Q2-M9XD". */
export function groupReferralCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Turns random bytes (one per character) into a friendly code. */
export function referralCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new RangeError('need one byte per character');
  return [...bytes.slice(0, REFERRAL_CODE_LENGTH)]
    .map((b) => REFERRAL_CODE_ALPHABET[b % 32])
    .join('');
}

/**
 * An email as its owner's mailbox: case, a "+tag" and, at Gmail, dots do not make another person.
 * Used to stop a customer referring a second account of their own.
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const plain = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? plain.replace(/\./g, '') : plain}@${gmail ? 'gmail.com' : domain}`;
}

export interface ReferralParty {
  id: string;
  email: string;
  phoneNumber: string | null;
}

/** The same person behind two accounts, as far as their email and phone tell. */
export function samePerson(a: ReferralParty, b: ReferralParty): boolean {
  if (a.id === b.id) return true;
  if (mailboxOf(a.email) === mailboxOf(b.email)) return true;
  return sameUkPhone(a.phoneNumber, b.phoneNumber);
}

/**
 * docs/product.md#referrals: the referral credit comes off the first booking, never more than its
 * price.
 */
export function referralDiscount(totalPricePence: number, valuePence: number): number {
  return Math.max(0, Math.min(totalPricePence, valuePence));
}
