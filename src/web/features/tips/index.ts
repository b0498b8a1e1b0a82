// Tips' public surface (docs/decisions/0087): the tip on a past appointment (its panel loads only
// when opened) and what the bank's pages of features/payment mean for a tip
// (/authorisation/confirm?tip=…).
export { useTipBankCheck, useTipPaymentReturn } from './tip-authentication';
export { TipSection } from './tip-section';
export type { TippableBooking } from './tippable-booking';
