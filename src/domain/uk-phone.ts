// One phone number, however it was typed: "07700 900123", "+44 7700 900123", "0044 7700-900123",
// "44 (0)7700 900123" and "(07700) 900 123" are one UK mobile. Comparing them as typed let a second
// account with the same number look like another person (the referral rules, decision 0067).

/** The digits of a UK number after the country code and the national 0: at least this many. */
const UK_MIN_SIGNIFICANT_DIGITS = 7;

/**
 * The number in E.164 form ("+447700900123"), to compare two numbers by; null when it has too few
 * digits to stand for anyone. UK forms: +44, 0044 or a bare 44 before the number (UK numbers
 * after the national 0 never begin with 4, so a leading 44 is always the country code), with or
 * without the "(0)" people write after it, or the national 0. Spaces, dashes, dots and brackets
 * are ignored. A number with another country's code (+33…, 0033…) keeps it, so it never equals a
 * UK number.
 */
export function ukPhoneKey(raw: string): string | null {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  let international: string | null = null;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  let national: string;
  if (international !== null) {
    if (!international.startsWith('44')) {
      return international.length >= UK_MIN_SIGNIFICANT_DIGITS ? `+${international}` : null;
    }
    national = international.slice(2);
  } else {
    national = digits.startsWith('44') ? digits.slice(2) : digits;
  }
  const significant = national.replace(/^0/, '');
  return significant.length >= UK_MIN_SIGNIFICANT_DIGITS ? `+44${significant}` : null;
}

/** Two numbers are one when both stand for someone and their keys match. */
export function sameUkPhone(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const key = ukPhoneKey(a);
  return key !== null && key === ukPhoneKey(b);
}
