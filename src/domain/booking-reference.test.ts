import { describe, expect, it } from 'vitest';
import { normalizeReference, parseBookingKey } from './booking-reference';

describe('booking references', () => {
  it('forgives case, spaces, dashes and the letters Crockford reads as digits', () => {
    expect(normalizeReference('k7m2-qx9d')).toBe('K7M2QX9D');
    expect(normalizeReference(' K7M2 QX9D ')).toBe('K7M2QX9D');
    expect(normalizeReference('O1IL2345')).toBe('01112345');
  });

  it('refuses what cannot be a reference', () => {
    expect(normalizeReference('K7M2QX9')).toBeNull();
    expect(normalizeReference('K7M2QX9DD')).toBeNull();
    expect(normalizeReference('K7M2QX9U')).toBeNull();
    expect(normalizeReference('')).toBeNull();
    expect(normalizeReference('K7M2/QX9')).toBeNull();
  });

  it('tells an id from a reference', () => {
    expect(parseBookingKey('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toEqual({
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    });
    expect(parseBookingKey('k7m2qx9d')).toEqual({ reference: 'K7M2QX9D' });
    expect(parseBookingKey('not a booking')).toBeNull();
  });
});
