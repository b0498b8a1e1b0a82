// Lazy boundary (decision 0040): handling a referral link, loaded only when one is opened.
export { ReferralLanding } from '../../features/referrals';
