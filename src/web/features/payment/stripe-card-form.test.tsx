import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { STRIPE_LOAD_FAILED } from './stripe-card';
import { StripeCardForm } from './stripe-card-form';

// The first render, before any effect runs: what the customer sees while Stripe.js is fetched, and
// what they see when there is no way to load it. The live Stripe element itself needs
// js.stripe.com, which this machine cannot reach.
const render = (entry: Parameters<typeof StripeCardForm>[0]['entry']) =>
  renderToStaticMarkup(
    <StripeCardForm entry={entry} onRetryEntry={() => {}} retryingEntry={false} />,
  );

describe('StripeCardForm first render', () => {
  it('promises nothing about Stripe until the provider is known', () => {
    const html = render({ kind: 'pending' });
    expect(html).toContain('Loading the card form…');
    expect(html).not.toMatch(/Stripe/);
  });

  it('shows a labelled, busy card box and the save-card choice while Stripe.js loads', () => {
    const html = render({ kind: 'stripe', publishableKey: 'pk_test_123' });
    expect(html).toContain('Card details');
    expect(html).toMatch(/role="group"[^>]*aria-labelledby="[^"]+-label"/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading the secure card form…');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('Save this card for next time');
    expect(html).not.toContain(STRIPE_LOAD_FAILED.replace("'", '&#x27;'));
  });

  it('says why and offers another try, never a blank, when there is no way to take a card', () => {
    const html = render({ kind: 'unavailable' });
    expect(html).toContain('role="alert"');
    expect(html).toContain(STRIPE_LOAD_FAILED.replace("'", '&#x27;'));
    expect(html).toContain('Try again');
  });
});
