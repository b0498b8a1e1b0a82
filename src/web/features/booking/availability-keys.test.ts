import { describe, expect, it } from 'vitest';
import { bookingKeys } from './api';

// Another place is another answer: the postcode is part of every availability key, so choosing
// another one asks the server again instead of showing the times for the old one.

describe('availability keys', () => {
  it('differ by postcode, and from browsing without one', () => {
    const dates = (postcode: string | null) =>
      JSON.stringify(bookingKeys.dates('edinburgh', ['swedish'], null, postcode));
    expect(new Set([dates(null), dates('EH6 5AA'), dates('EH30 9AA')]).size).toBe(3);
    const therapists = (postcode: string | null) =>
      JSON.stringify(bookingKeys.therapists('edinburgh', '2026-12-01', ['swedish'], postcode));
    expect(new Set([therapists(null), therapists('EH6 5AA'), therapists('EH30 9AA')]).size).toBe(3);
  });

  it('all sit under the one root that a booking change refreshes', () => {
    expect(bookingKeys.dates('edinburgh', ['swedish'], null, 'EH6 5AA')[0]).toBe(
      bookingKeys.availability[0],
    );
    expect(bookingKeys.therapists('edinburgh', 'd', ['swedish'], 'EH6 5AA')[0]).toBe(
      bookingKeys.availability[0],
    );
  });
});
