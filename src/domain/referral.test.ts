import { describe, it, expect } from 'vitest';
import { effectiveReferralCode } from './referral';

describe('effectiveReferralCode', () => {
  it('keeps another customer’s code, trimmed', () => {
    expect(effectiveReferralCode('  friend-42 ', 'me-1')).toBe('friend-42');
  });

  it('ignores a code equal to the customer’s own id (spec 5)', () => {
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
