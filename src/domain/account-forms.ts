import { z } from 'zod';
import { isOneLine, ONE_LINE_MESSAGE } from './text-lines';

// One set of form rules, used by the web forms for instant field errors and by the server as the
// last word. Messages are written for customers.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const GENDERS = ['female', 'male', 'non-binary'] as const;
export const ACCOUNT_TYPES = ['personal', 'business'] as const;

// Royal Mail's shape: outward code (area, district) and inward code (sector, unit), GIR 0AA aside.
const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** An outward code alone, such as "EH6" or "W1A": a postcode district. */
export const POSTCODE_DISTRICT =
  /^[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY])$/;

/** Upper case with one space before the inward code: "eh1 1aa" -> "EH1 1AA". */
export function normalisePostcode(raw: string): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isUkPostcode(raw: string): boolean {
  return UK_POSTCODE.test(normalisePostcode(raw));
}

/**
 * The outward code ("EH1" of "EH1 1AA"): a district of thousands of homes, so it says where work
 * was done (what accounting and VAT need) without saying who lived there. Null when the postcode
 * is not a UK one, since no part of an unknown format is known to be safe to keep.
 */
export function postcodeDistrict(raw: string): string | null {
  if (!isUkPostcode(raw)) return null;
  return normalisePostcode(raw).split(' ')[0] ?? null;
}

// UK numbers: 07… mobiles and 01/02/03 landlines, with or without +44, spaces, dashes, brackets.
export function isUkPhoneNumber(raw: string): boolean {
  const digits = raw.replace(/[\s\-()]/g, '');
  return /^(?:\+44|0044|0)(?:[1-37]\d{8,9})$/.test(digits);
}

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters`)
    .refine(isOneLine, ONE_LINE_MESSAGE);
const required = (label: string, max: number) => trimmed(max).min(1, `Enter ${label}`);

export const nameSchema = required('your name', 100);
export const phoneSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter your phone number', abort: true })
  .refine(isOneLine, { message: ONE_LINE_MESSAGE, abort: true })
  .refine(isUkPhoneNumber, 'Enter a UK phone number, like 07700 900123');
export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address');
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);
export const genderSchema = z.enum(GENDERS, { message: 'Choose one of the options' });
export const accountTypeSchema = z.enum(ACCOUNT_TYPES, { message: 'Choose personal or business' });

export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phoneNumber: phoneSchema,
  password: passwordSchema,
  accountType: accountTypeSchema,
  gender: genderSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({
  name: nameSchema,
  phoneNumber: phoneSchema,
  gender: genderSchema.nullable(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const addressSchema = z.object({
  label: trimmed(40).optional().nullable(),
  line1: required('the first line of the address', 120),
  line2: trimmed(120).optional().nullable(),
  town: required('the town or city', 80),
  postcode: z
    .string()
    .trim()
    .min(1, { message: 'Enter the postcode', abort: true })
    .refine(isUkPostcode, 'Enter a UK postcode, like EH1 1AA')
    .transform(normalisePostcode),
  instructions: trimmed(500).optional().nullable(),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
