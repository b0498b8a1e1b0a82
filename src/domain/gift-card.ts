import { z } from 'zod';
import { DAY_MS } from './constants';
import { isIsoDate, localToInstant, ukDateOf } from './uk-time';
import { isOneLine, isPlainText, ONE_LINE_MESSAGE, PLAIN_TEXT_MESSAGE } from './text-lines';

// Gift cards (docs/decisions/0031): what a buyer may ask for, when the recipient's email goes out,
// and how a code is written and read back. Pure: the clock and the time zone come in as arguments,
// and the code's randomness is the server's (src/server/gift-cards/gift-card-code.ts).

export const GIFT_CARD_MIN_PENCE = 1000;
export const GIFT_CARD_MAX_PENCE = 50000;
/** The amounts the page offers as one tap each; any whole-pound amount in range is accepted. */
export const GIFT_CARD_PRESET_PENCE = [2500, 5000, 7500, 10000] as const;
export const GIFT_CARD_NAME_MAX = 80;
export const GIFT_CARD_MESSAGE_MAX = 300;
/** The furthest send date a buyer may choose: a year ahead covers next birthday and Christmas. */
export const GIFT_CARD_SEND_AHEAD_DAYS = 365;
/** A future send date's email goes at this UK wall-clock hour: morning, not midnight. */
export const GIFT_CARD_SEND_HOUR = 9;

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not misread. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 symbols of 5 bits: 80 bits of randomness. */
export const GIFT_CARD_CODE_LENGTH = 16;
export const GIFT_CARD_CODE_PREFIX = 'GLOW';

/** GLOW-XXXX-XXXX-XXXX-XXXX from the 16 symbols, in groups of four for reading aloud. */
export function formatGiftCardCode(symbols: string): string {
  if (symbols.length !== GIFT_CARD_CODE_LENGTH) throw new RangeError('A code has 16 symbols');
  const groups = symbols.match(/.{4}/g) ?? [];
  return [GIFT_CARD_CODE_PREFIX, ...groups].join('-');
}

/**
 * The 16 symbols of a code as typed, or null when it cannot be one. Case, spaces and dashes do not
 * matter, nor does the GLOW prefix; O is read as 0 and I or L as 1, as Crockford's decoding says,
 * so a code copied by hand from a printout still works.
 */
export function normaliseGiftCardCode(typed: string): string | null {
  let compact = typed.toUpperCase().replace(/[\s\-–—_.]/g, '');
  // With the prefix it must be whole: GLOW and three groups is a code missing a group.
  if (compact.startsWith(GIFT_CARD_CODE_PREFIX)) {
    if (compact.length !== GIFT_CARD_CODE_PREFIX.length + GIFT_CARD_CODE_LENGTH) return null;
    compact = compact.slice(GIFT_CARD_CODE_PREFIX.length);
  }
  if (compact.length !== GIFT_CARD_CODE_LENGTH) return null;
  const symbols = compact.replace(/O/g, '0').replace(/[IL]/g, '1');
  for (const symbol of symbols) if (!CROCKFORD_ALPHABET.includes(symbol)) return null;
  return symbols;
}

const trimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep ${label} under ${max + 1} characters`);

/** What the buyer fills in; the web validates with it as they type and the server as last word. */
export const giftCardDetailsSchema = z.object({
  amountPence: z
    .number({ message: 'Choose an amount' })
    .int('Choose a whole number of pounds')
    .min(GIFT_CARD_MIN_PENCE, 'Choose an amount from £10 to £500')
    .max(GIFT_CARD_MAX_PENCE, 'Choose an amount from £10 to £500')
    .refine((pence) => pence % 100 === 0, 'Choose a whole number of pounds'),
  recipientName: trimmed(GIFT_CARD_NAME_MAX, 'the name')
    .refine(isOneLine, ONE_LINE_MESSAGE)
    .min(1, "Enter the recipient's name"),
  recipientEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Enter a valid email address')
    .email('Enter a valid email address'),
  // Typed in a text area: line breaks are the buyer's own (decision 0068).
  message: trimmed(GIFT_CARD_MESSAGE_MAX, 'the message')
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)
    .default(''),
  sendOn: z.string().refine(isIsoDate, 'Choose the day to send it'),
});
export type GiftCardDetailsInput = z.input<typeof giftCardDetailsSchema>;
export type GiftCardDetails = z.output<typeof giftCardDetailsSchema>;

/** The send dates a buyer may choose at `nowMs`: today (UK) to a year ahead, both included. */
export function giftCardSendDates(
  nowMs: number,
  timeZone: string,
): { first: string; last: string } {
  const first = ukDateOf(nowMs, timeZone);
  // Calendar arithmetic on the date itself (as UTC midnight), so clock changes play no part.
  const last = new Date(Date.parse(`${first}T00:00:00Z`) + GIFT_CARD_SEND_AHEAD_DAYS * DAY_MS);
  return { first, last: last.toISOString().slice(0, 10) };
}

/** Why a send date cannot be chosen at `nowMs`, in the buyer's words; null when it can. */
export function sendDateProblem(sendOn: string, nowMs: number, timeZone: string): string | null {
  if (!isIsoDate(sendOn)) return 'Choose the day to send it';
  const { first, last } = giftCardSendDates(nowMs, timeZone);
  if (sendOn < first) return 'Choose today or a later day';
  if (sendOn > last) return 'Choose a day within the next year';
  return null;
}

/**
 * When the recipient's email goes: at once for today (the buyer is usually giving it now), else
 * at 09:00 UK time on the day. Never before the purchase, should a day have begun meanwhile.
 */
export function giftCardDeliveryInstant(sendOn: string, nowMs: number, timeZone: string): number {
  if (sendOn <= ukDateOf(nowMs, timeZone)) return nowMs;
  const hour = String(GIFT_CARD_SEND_HOUR).padStart(2, '0');
  // The wall-clock time as if it were UTC, turned into the instant it happens in the UK.
  const morning = localToInstant(Date.parse(`${sendOn}T${hour}:00:00Z`), timeZone);
  return Math.max(morning, nowMs);
}
