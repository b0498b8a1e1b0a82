// Paying's public surface, for whatever is bought (a booking, a gift card order): the payment
// form, the way to the customer's bank, and the two pages of /authorisation/confirm. Each
// purchase's feature says what paying means for it; this feature imports none of them.
export type { PaymentRequest, PaymentResult } from './api';
export { BANK_REFUSED, DemoBankCheck, type BankCheckOutcome } from './demo-bank-check';
export { paymentActionTarget } from './payment-action';
export { PaymentForm } from './payment-form';
export { PaymentReturn, type PaymentReturnCheck } from './payment-return';
export { useGoToBank } from './use-go-to-bank';
