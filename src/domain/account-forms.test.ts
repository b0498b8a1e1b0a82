import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  isUkPhoneNumber,
  isUkPostcode,
  normalisePostcode,
  postcodeDistrict,
  signUpSchema,
} from './account-forms';

describe('UK postcodes', () => {
  it.each([
    'EH1 1AA',
    'eh11aa',
    'NE1 4ST',
    'SW1A 2AA',
    'W1A 0AX',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'GIR 0AA',
  ])('accepts %s', (code) => expect(isUkPostcode(code)).toBe(true));
  it.each(['', 'EH1', '12345', 'EH1 1A', 'QQ1 1AA', 'EH1 1AAA', 'NE1-4ST'])('rejects %s', (code) =>
    expect(isUkPostcode(code)).toBe(false),
  );
  it('normalises case and spacing', () => {
    expect(normalisePostcode(' eh1   1aa ')).toBe('EH1 1AA');
    expect(
      addressSchema.parse({ line1: '1 High St', town: 'Edinburgh', postcode: 'eh11aa' }).postcode,
    ).toBe('EH1 1AA');
  });
  it.each([
    ['EH1 1AA', 'EH1'],
    ['eh11aa', 'EH1'],
    ['SW1A 2AA', 'SW1A'],
    ['DN55 1PT', 'DN55'],
    ['M1 1AE', 'M1'],
    ['not a postcode', null],
  ])('keeps only the district of %s', (code, district) =>
    expect(postcodeDistrict(code)).toBe(district),
  );
});

describe('UK phone numbers', () => {
  it.each(['07700 900123', '+44 7700 900123', '0131 496 0000', '(0191) 498 0000', '020 7946 0000'])(
    'accepts %s',
    (n) => expect(isUkPhoneNumber(n)).toBe(true),
  );
  it.each(['', '12345', '+1 555 0100 000', '07700', '08700 900123x'])('rejects %s', (n) =>
    expect(isUkPhoneNumber(n)).toBe(false),
  );
});

describe('forms', () => {
  it('names every missing address field', () => {
    const result = addressSchema.safeParse({ line1: '', town: ' ', postcode: '' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(['line1', 'town', 'postcode']);
  });
  it('keeps passwords within 12 to 128 characters', () => {
    const base = {
      name: 'A',
      email: 'a@example.com',
      phoneNumber: '07700 900123',
      accountType: 'personal',
    };
    expect(signUpSchema.safeParse({ ...base, password: 'x'.repeat(11) }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...base, password: 'x'.repeat(12) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...base, password: 'x'.repeat(129) }).success).toBe(false);
  });
});
