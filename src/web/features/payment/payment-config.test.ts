import { describe, expect, it } from 'vitest';
import { newCardEntryFor } from './payment-config';

describe('newCardEntryFor', () => {
  it('waits for the answer rather than guessing a form', () => {
    expect(newCardEntryFor({ status: 'pending' })).toEqual({ kind: 'pending' });
  });

  it('keeps our own card form for the demo provider', () => {
    expect(
      newCardEntryFor({ status: 'success', data: { provider: 'demo', publishableKey: null } }),
    ).toEqual({ kind: 'demo' });
  });

  it('uses Stripe Elements with the publishable key for the Stripe provider', () => {
    expect(
      newCardEntryFor({
        status: 'success',
        data: { provider: 'stripe', publishableKey: 'pk_test_123' },
      }),
    ).toEqual({ kind: 'stripe', publishableKey: 'pk_test_123' });
  });

  it('never falls back to the demo form when the provider is unknown or Stripe lacks a key', () => {
    expect(newCardEntryFor({ status: 'error' })).toEqual({ kind: 'unavailable' });
    for (const publishableKey of [null, '', '  '])
      expect(
        newCardEntryFor({ status: 'success', data: { provider: 'stripe', publishableKey } }),
      ).toEqual({ kind: 'unavailable' });
  });
});
