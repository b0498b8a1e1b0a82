import { describe, expect, it } from 'vitest';
import { cardErrorMessage, loadStripeFor } from './stripe-card';

describe('cardErrorMessage', () => {
  it("passes on Stripe's own words for what the customer typed", () => {
    expect(
      cardErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' }),
    ).toBe('Your card number is incomplete.');
    expect(cardErrorMessage({ type: 'card_error', message: 'Your card has expired.' })).toBe(
      'Your card has expired.',
    );
  });

  it('gives a plain message when a card error comes without words', () => {
    expect(cardErrorMessage({ type: 'validation_error', message: ' ' })).toBe(
      'Check your card details and try again.',
    );
  });

  it('never shows Stripe internals for connection or account problems', () => {
    expect(cardErrorMessage({ type: 'api_connection_error', message: 'fetch failed' })).toBe(
      "We couldn't reach our card processor. Check your connection and try again.",
    );
    const internal = cardErrorMessage({
      type: 'invalid_request_error',
      message: 'Invalid API Key provided: pk_test_***',
    });
    expect(internal).not.toMatch(/API Key|pk_/);
  });
});

// Run with the real @stripe/stripe-js loader: outside a browser it answers null, as it would if
// Stripe.js did not come, which is what these rules are about.
describe('loadStripeFor', () => {
  it('shares one load between callers asking at the same time', async () => {
    const first = loadStripeFor('pk_test_shared');
    expect(loadStripeFor('pk_test_shared')).toBe(first);
    await expect(first).rejects.toThrow('Stripe.js is not available here');
  });

  it('forgets a failed load so that trying again really loads again', async () => {
    const first = loadStripeFor('pk_test_retry');
    await expect(first).rejects.toThrow();
    const second = loadStripeFor('pk_test_retry');
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow();
  });
});
