import { describe, expect, it } from 'vitest';
import {
  cardFieldFromServer,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCard,
} from './card-input';

const now = new Date('2026-11-21T12:00:00Z');

describe('card number', () => {
  it('groups digits in fours and ignores anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });
});

describe('expiry', () => {
  it('adds the slash as the customer types and lets them delete it', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
  });

  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('04/28')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('4/2028')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('0428')).toBeNull();
  });
});

describe('validateCard', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

  it('accepts the test cards, valid through their expiry month', () => {
    for (const number of ['4242424242424242', '4000 0000 0000 0002', '4000 0027 6000 3184']) {
      expect(validateCard({ ...good, number }, now)).toEqual({});
    }
    expect(validateCard({ ...good, expiry: '11/26' }, now)).toEqual({});
  });

  it('names each problem in words a customer can act on', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'Enter your card number',
      expiry: 'Enter the expiry date',
      cvc: 'Enter the security code',
    });
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' }, now).number).toMatch(
      /not a valid card number/,
    );
    expect(validateCard({ ...good, expiry: '10/26' }, now).expiry).toBe('This card has expired');
    expect(validateCard({ ...good, expiry: '1/2' }, now).expiry).toMatch(/MM\/YY/);
    expect(validateCard({ ...good, cvc: '12' }, now).cvc).toMatch(/3 digits on the back/);
    expect(validateCard({ ...good, number: '3782 822463 10005', cvc: '123' }, now).cvc).toMatch(
      /4 digits on the front/,
    );
  });

  it("maps the server's field names onto the form", () => {
    expect(cardFieldFromServer('card.number')).toBe('number');
    expect(cardFieldFromServer('body.card.expYear')).toBe('expiry');
    expect(cardFieldFromServer('card.cvc')).toBe('cvc');
    expect(cardFieldFromServer('cardId')).toBeNull();
  });
});
