import { z } from 'zod';
import { pence } from './common';

// Referral links and codes (docs/product.md#referrals). A code is a customer's friendly code
// ("K7Q2-M9XD") or their id.

export const referralSchema = z.object({
  code: z.string().describe('The friendly code, grouped for reading aloud'),
  link: z.string().describe('The link to share: the home page with ?ref=CODE'),
  referredCount: z.number().int().min(0).describe('Friends who have used the link'),
  earnedPence: pence.describe('Referral credit added to this wallet so far'),
  valuePence: pence.describe('What a friend gets off their first booking, and you when they pay'),
});

export const validateReferralBody = z.object({
  code: z.string().trim().min(1, 'Enter a referral code.').max(200),
});

/** Checking a referral code: who referred, and the credit waiting at checkout. */
export const validateReferralAnswer = z.object({
  referred_by: z.object({
    name: z.string().describe("The referrer's first name"),
    uid: z.string().describe("The referrer's id: send it as the hold's referralCode"),
    value: pence.describe('Off the first booking, in pence'),
  }),
});

export type Referral = z.infer<typeof referralSchema>;
export type ValidatedReferral = z.infer<typeof validateReferralAnswer>;
