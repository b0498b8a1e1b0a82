import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameUkPhone, ukPhoneKey } from './uk-phone';

describe('ukPhoneKey', () => {
  it('gives every way of writing one UK number the same key', () => {
    const forms = [
      '07700 900123',
      '07700900123',
      '+44 7700 900123',
      '+447700900123',
      '+44 (0)7700 900123',
      '0044 7700 900123',
      '00447700900123',
      '0044 (0)7700-900-123',
      '44 7700 900123',
      '447700900123',
      '(07700) 900 123',
      '07700-900-123',
      '077.009.001.23',
      ' 7700 900123 ',
    ];
    for (const form of forms) expect(ukPhoneKey(form), form).toBe('+447700900123');
  });

  it('does the same for landlines', () => {
    expect(ukPhoneKey('0131 496 0000')).toBe('+441314960000');
    expect(ukPhoneKey('0044 131 496 0000')).toBe('+441314960000');
    expect(ukPhoneKey('+44 (0)131-496-0000')).toBe('+441314960000');
  });

  it('keeps another country’s code, so a foreign number never equals a UK one', () => {
    expect(ukPhoneKey('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(ukPhoneKey('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(ukPhoneKey('+33 6 12 34 56 78')).not.toBe(ukPhoneKey('06 12 34 56 78'));
  });

  it('answers null for what is too short to be anyone’s number', () => {
    for (const form of ['', '   ', '0', '+44', '0044', '44', '07700', 'call me', '+44 (0) 123'])
      expect(ukPhoneKey(form), form).toBeNull();
  });

  it('tells different numbers apart', () => {
    expect(ukPhoneKey('07700 900123')).not.toBe(ukPhoneKey('07700 900124'));
    expect(ukPhoneKey('0044 7700 900123')).not.toBe(ukPhoneKey('0044 7700 900124'));
  });

  it('matches whatever separators and prefix a UK number is written with', () => {
    const separator = fc.constantFrom('', ' ', '-', '.', '  ');
    const prefix = fc.constantFrom('0', '+44', '+44 (0)', '0044', '0044 ', '44', '44 (0)', '+44 ');
    fc.assert(
      fc.property(
        fc.constantFrom('1', '2', '3', '7'),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        prefix,
        prefix,
        separator,
        (first, rest, p, q, sep) => {
          const significant = `${first}${rest.join('')}`;
          const spaced = `${significant.slice(0, 4)}${sep}${significant.slice(4)}`;
          expect(ukPhoneKey(`${p}${spaced}`)).toBe(`+44${significant}`);
          expect(sameUkPhone(`${p}${spaced}`, `${q}${significant}`)).toBe(true);
        },
      ),
    );
  });
});

describe('sameUkPhone', () => {
  it('is false when either number is missing or too short', () => {
    expect(sameUkPhone(null, '07700 900123')).toBe(false);
    expect(sameUkPhone('07700 900123', undefined)).toBe(false);
    expect(sameUkPhone('', '')).toBe(false);
    expect(sameUkPhone('12', '12')).toBe(false);
  });

  it('is true for the 0044 form of a number written with 0 or +44', () => {
    expect(sameUkPhone('0044 7700 900555', '07700900555')).toBe(true);
    expect(sameUkPhone('0044 7700 900555', '+44 7700 900555')).toBe(true);
  });
});
