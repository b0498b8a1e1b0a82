// Referrals' public surface (docs/product.md#referrals): the link landing, the referral card and
// the share card.
export { ReferralCard } from './referral-card';
export { ReferralLanding } from './referral-landing';
export { ReferralShare } from './referral-share';
