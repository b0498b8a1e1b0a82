// Checks a card form can make before anything reaches a payment provider. Pure: the current
// month comes in as an argument.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

/** Digits only: customers type spaces and dashes ("4242 4242 4242 4242"). */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries; catches typos and swapped digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** A card is good until the end of its expiry month; months compare in UTC. */
export function cardExpired(expMonth: number, expYear: number, now: number): boolean {
  const today = new Date(now);
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return (
    year < today.getUTCFullYear() ||
    (year === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
  );
}

export function cvcValid(cvc: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa" from a provider's "visa"; a brand we do not know is just a card. */
export function cardBrandName(brand: string | null): string {
  return (brand && BRAND_NAMES[brand.toLowerCase()]) ?? 'Card';
}

/** "Visa ending 4242", as every list of cards and payments shows one. */
export function cardLabel(brand: string | null, last4: string): string {
  return `${cardBrandName(brand)} ending ${last4}`;
}
