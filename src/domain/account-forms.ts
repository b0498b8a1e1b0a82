import { z } from 'zod';
import { isUkPostcode, normalisePostcode } from './postcode';
import { isOneLine, ONE_LINE_MESSAGE } from './text-lines';

export { isUkPostcode, normalisePostcode, POSTCODE_DISTRICT, postcodeDistrict } from './postcode';

// One set of form rules, used by the web forms for instant field errors and by the server as the
// last word. Messages are written for customers.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const GENDERS = ['female', 'male', 'non-binary'] as const;
export const ACCOUNT_TYPES = ['personal', 'business'] as const;

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
