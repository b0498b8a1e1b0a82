import { describe, expect, it } from 'vitest';
import { bookingView } from '../../../test-support/booking-view-fixture';
import { canAddNotes } from './booking-notes';

// Where "Notes for your therapist" is offered: what the server accepts (decision 0093).

describe('canAddNotes', () => {
  const before = Date.parse('2026-12-01T09:59:00Z');
  it('is offered on a held or confirmed booking until its start', () => {
    for (const status of ['held', 'requires_action', 'confirmed'])
      expect(canAddNotes(bookingView({ status }), before)).toBe(true);
    expect(canAddNotes(bookingView(), Date.parse('2026-12-01T10:00:00Z'))).toBe(false);
  });
  it('is not offered on a booking cancelled, over or not made', () => {
    for (const status of ['cancelled', 'completed', 'expired', 'failed'])
      expect(canAddNotes(bookingView({ status }), before)).toBe(false);
  });
});
