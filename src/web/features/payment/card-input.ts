import {
  cardBrand,
  cardExpired,
  cvcValid,
  luhnValid,
  normaliseCardNumber,
} from '../../../domain/card';

// Card entry for our own card form (demo provider): formatting as the customer types, and the
// domain's card rules (the server applies the same ones) turned into field messages. Nothing here
// logs or stores a number: values pass straight from the form to the payment request.

const CARD_NUMBER_MAX_DIGITS = 19;

export function digitsOnly(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** "4242424242424242" -> "4242 4242 4242 4242", as printed on the card; at most 19 digits kept. */
export function formatCardNumber(raw: string): string {
  const digits = digitsOnly(raw).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typing "1" then "12" gives "12/", a pasted "1226" gives "12/26"; a lone "3" becomes "03/". */
export function formatExpiry(raw: string, previous = ''): string {
  let digits = digitsOnly(raw).slice(0, 4);
  // Deleting the slash should delete the month's last digit, not bounce back to "12/".
  const deleting = raw.length < previous.length;
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

export function parseExpiry(raw: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

/**
 * Field errors a customer can fix before anything is sent. A card is valid to the end of its
 * expiry month; `now` is passed in so the rule can be tested on any date.
 */
export function validateCard(fields: CardFields, now: Date): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const number = normaliseCardNumber(fields.number);
  if (number.length === 0) errors.number = 'Enter your card number';
  else if (!luhnValid(number))
    errors.number = 'Check your card number: it is not a valid card number';

  const expiry = parseExpiry(fields.expiry);
  if (fields.expiry.trim() === '') errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY, like 04/28';
  else if (cardExpired(expiry.month, expiry.year, now.getTime())) {
    errors.expiry = 'This card has expired';
  }

  const cvc = fields.cvc.trim();
  const brand = cardBrand(number);
  if (cvc === '') errors.cvc = 'Enter the security code';
  else if (!cvcValid(cvc, brand)) {
    errors.cvc =
      brand === 'amex'
        ? 'The security code is the 4 digits on the front of the card'
        : 'The security code is the 3 digits on the back of the card';
  }
  return errors;
}

/** The server's field names (card.number, card.expMonth…) mapped onto the form's fields. */
export function cardFieldFromServer(field: string): keyof CardFields | null {
  const name = field.replace(/^body\./, '').replace(/^card\./, '');
  if (name === 'number') return 'number';
  if (name === 'expMonth' || name === 'expYear') return 'expiry';
  if (name === 'cvc') return 'cvc';
  return null;
}
