import { z } from 'zod';
import { ACCOUNT_TYPES, GENDERS, addressSchema, profileSchema } from '../domain/account-forms';
import { addressSnapshotSchema, bookingViewSchema } from './booking';
import { isoInstant, pence } from './common';

// /api/me*: the signed-in customer's own profile, addresses, wallet, appointments and cards.
// The forms' rules live in src/domain/account-forms.ts (the web validates with them as you type).

export const PAYMENT_ARRANGEMENTS = ['card', 'invoice'] as const;

export const profileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  businessPayment: z.object({ arrangement: z.enum(PAYMENT_ARRANGEMENTS) }).nullable(),
  walletBalancePence: pence,
});

export const updateProfileBody = profileSchema;

export const deleteAccountBody = z
  .object({
    password: z.string().max(128).optional().describe('Accounts with a password'),
    confirm: z.string().max(20).optional().describe('Accounts without one: the word DELETE'),
  })
  .optional();

export const addressParams = z.object({ id: z.uuid({ message: 'must be an address id' }) });

export const addressBody = addressSchema;

/** A saved address is what a booking copies (its snapshot), with an id and the default flag. */
export const savedAddressSchema = z.object({
  id: z.string(),
  ...addressSnapshotSchema.shape,
  isDefault: z.boolean(),
});

export const addressesAnswer = z.object({ addresses: z.array(savedAddressSchema) });

export const walletEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  amountPence: pence,
  description: z.string(),
  createdAt: isoInstant,
});

export const walletSchema = z.object({
  balancePence: pence.describe('The sum of the entries'),
  entries: z.array(walletEntrySchema).describe('Newest first'),
});

export const appointmentsSchema = z.object({
  upcoming: z.array(bookingViewSchema).describe('Soonest first'),
  past: z
    .array(bookingViewSchema)
    .describe('Past or cancelled, latest first (the web app shows the cancelled ones apart)'),
});

export const cardParams = z.object({ id: z.uuid({ message: 'must be a card id' }) });

export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const cardsAnswer = z.object({ cards: z.array(savedCardSchema) });

export type PaymentArrangement = (typeof PAYMENT_ARRANGEMENTS)[number];
export type ProfileView = z.infer<typeof profileViewSchema>;
export type DeleteAccountInput = NonNullable<z.output<typeof deleteAccountBody>>;
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export type WalletEntry = z.infer<typeof walletEntrySchema>;
export type Wallet = z.infer<typeof walletSchema>;
export type Appointments = z.infer<typeof appointmentsSchema>;
export type SavedCard = z.infer<typeof savedCardSchema>;
