import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardBrandName,
  cardExpired,
  cardLabel,
  cvcValid,
  luhnValid,
  normaliseCardNumber,
} from './card';

describe('card checks', () => {
  it('accepts the well-known test numbers and rejects a changed digit', () => {
    for (const n of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0027 6000 3184',
      '5555 5555 5555 4444',
      '3782 822463 10005',
    ]) {
      expect(luhnValid(normaliseCardNumber(n)), n).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242424242424224')).toBe(false); // two digits swapped
  });

  it('rejects what is not a card number at all', () => {
    for (const n of ['', '4242', 'abcd abcd abcd abcd', '0'.repeat(20), '4242-4242-4242-424x']) {
      expect(luhnValid(normaliseCardNumber(n)), n).toBe(false);
    }
  });

  it('names the brand from the first digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('card');
  });

  it('treats a card as good until the end of its expiry month', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(cardExpired(11, 2026, now)).toBe(false);
    expect(cardExpired(10, 2026, now)).toBe(true);
    expect(cardExpired(1, 2027, now)).toBe(false);
    expect(cardExpired(12, 2025, now)).toBe(true);
    expect(cardExpired(11, 26, now)).toBe(false); // two-digit years
  });

  it('wants four CVC digits for Amex and three for the rest', () => {
    expect(cvcValid('123', 'visa')).toBe(true);
    expect(cvcValid('1234', 'visa')).toBe(false);
    expect(cvcValid('1234', 'amex')).toBe(true);
    expect(cvcValid('12a', 'mastercard')).toBe(false);
  });
});

describe('card names', () => {
  it('names the brands customers know, and falls back to "Card"', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('AMEX')).toBe('American Express');
    expect(cardBrandName('jcb')).toBe('JCB');
    expect(cardBrandName('card')).toBe('Card');
    expect(cardBrandName('someday-pay')).toBe('Card');
    expect(cardBrandName(null)).toBe('Card');
  });
  it('labels a card by brand and last four', () => {
    expect(cardLabel('mastercard', '4444')).toBe('Mastercard ending 4444');
  });
});
