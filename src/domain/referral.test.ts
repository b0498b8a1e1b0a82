import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  effectiveReferralCode,
  groupReferralCode,
  isFriendlyReferralCode,
  mailboxOf,
  normaliseReferralCode,
  referralCodeFromBytes,
  referralDiscount,
  samePerson,
} from './referral';

describe('effectiveReferralCode', () => {
  it('keeps another customer’s code, trimmed', () => {
    expect(effectiveReferralCode('  friend-42 ', 'me-1')).toBe('friend-42');
  });

  it('ignores a code equal to the customer’s own id', () => {
    expect(effectiveReferralCode('me-1', 'me-1')).toBeNull();
    expect(effectiveReferralCode(' me-1 ', 'me-1')).toBeNull();
  });

  it('treats missing or blank codes as no code', () => {
    expect(effectiveReferralCode(null, 'me-1')).toBeNull();
    expect(effectiveReferralCode(undefined, null)).toBeNull();
    expect(effectiveReferralCode('   ', null)).toBeNull();
  });

  it('keeps a code for a signed-out visitor', () => {
    expect(effectiveReferralCode('friend-42', null)).toBe('friend-42');
  });

  it('is case-sensitive, like ids', () => {
    expect(effectiveReferralCode('ME-1', 'me-1')).toBe('ME-1');
  });
});

describe('friendly referral codes', () => {
  it('reads a code however it is typed, as Crockford base32 does', () => {
    expect(normaliseReferralCode(' k7q2-m9xd ')).toBe('K7Q2M9XD');
    expect(normaliseReferralCode('K7Q2 M9XO')).toBe('K7Q2M9X0');
    expect(normaliseReferralCode('il00-0000')).toBe('11000000');
    expect(isFriendlyReferralCode('k7q2-m9xd')).toBe(true);
    expect(isFriendlyReferralCode('K7Q2-M9X')).toBe(false);
    expect(isFriendlyReferralCode('K7Q2-M9XU')).toBe(false);
    expect(groupReferralCode('K7Q2M9XD')).toBe('K7Q2-M9XD');
  });

  it('makes only well-formed codes from any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        const code = referralCodeFromBytes(bytes);
        expect(isFriendlyReferralCode(code)).toBe(true);
        expect(normaliseReferralCode(groupReferralCode(code).toLowerCase())).toBe(code);
      }),
    );
  });
});

describe('the same person behind two accounts', () => {
  const a = { id: 'a', email: 'Isla.Murray@gmail.com', phoneNumber: '+44 7700 900123' };
  it('matches the mailbox, ignoring case, +tags and Gmail dots', () => {
    expect(mailboxOf('Isla.Murray+glow@googlemail.com')).toBe('islamurray@gmail.com');
    expect(mailboxOf('isla+x@example.co.uk')).toBe('isla@example.co.uk');
    expect(samePerson(a, { id: 'b', email: 'islamurray+2@gmail.com', phoneNumber: null })).toBe(
      true,
    );
    // Dots matter outside Gmail.
    expect(mailboxOf('i.m@example.com')).not.toBe(mailboxOf('im@example.com'));
  });

  it('matches a UK phone number however it is written (uk-phone.ts)', () => {
    for (const form of ['07700900123', '0044 7700 900123', '44 7700-900123', '(07700) 900 123']) {
      expect(samePerson(a, { id: 'b', email: 'other@example.com', phoneNumber: form }), form).toBe(
        true,
      );
    }
    expect(samePerson(a, { id: 'b', email: 'other@example.com', phoneNumber: '07700900123' })).toBe(
      true,
    );
    expect(samePerson(a, { id: 'b', email: 'other@example.com', phoneNumber: '07700900124' })).toBe(
      false,
    );
    expect(samePerson(a, { id: 'b', email: 'other@example.com', phoneNumber: null })).toBe(false);
  });
});

describe('the referral discount', () => {
  it('is the referral value, never more than the price', () => {
    expect(referralDiscount(3000, 1000)).toBe(1000);
    expect(referralDiscount(800, 1000)).toBe(800);
    expect(referralDiscount(0, 1000)).toBe(0);
  });
});
