import {
  cardBrand,
  cardExpired,
  cvcValid,
  luhnValid,
  normaliseCardNumber,
} from '../../domain/card';
import { badRequest, type FieldError } from '../http/problem';
import type { PaymentSource } from './payment-provider';
import type { CardForm } from '../../contract/booking';

export type { CardForm };

/**
 * Checks the card form before any provider sees it, naming each bad field. The number and CVC
 * are never echoed back or logged: only the brand and last 4 digits leave this function.
 */
export function cardSource(card: CardForm, now: Date): PaymentSource {
  const digits = normaliseCardNumber(card.number);
  const errors: FieldError[] = [];
  if (!luhnValid(digits)) {
    errors.push({ field: 'body.card.number', message: 'Enter a valid card number.' });
  }
  if (card.expMonth < 1 || card.expMonth > 12) {
    errors.push({ field: 'body.card.expMonth', message: 'Enter the expiry month (1 to 12).' });
  } else if (cardExpired(card.expMonth, card.expYear, now.getTime())) {
    errors.push({ field: 'body.card.expYear', message: 'This card has expired.' });
  }
  if (!cvcValid(card.cvc.trim(), cardBrand(digits))) {
    errors.push({
      field: 'body.card.cvc',
      message: 'Enter the security code from the back of the card.',
    });
  }
  if (errors.length > 0) throw badRequest(errors.map((e) => e.message).join(' '), errors);
  return {
    kind: 'card',
    number: digits,
    expMonth: card.expMonth,
    expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
    cvc: card.cvc.trim(),
  };
}
