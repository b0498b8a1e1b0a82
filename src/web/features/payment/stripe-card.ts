import type { Stripe, StripeElementStyle, StripeError } from '@stripe/stripe-js';

// Loading Stripe.js and reading its errors, apart from the form so the rules can be tested.

export const STRIPE_LOAD_FAILED =
  "We couldn't load the secure card form. Check your connection, or pay with a saved card.";

/**
 * A blocked or black-holed js.stripe.com may never fire an error event; after this long the
 * customer is told, rather than left looking at a form that will not come.
 */
export const STRIPE_LOAD_TIMEOUT_MS = 20_000;

/** Card entry stopped before the payment request (Stripe said no, or the form is not ready). */
export class CardEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardEntryError';
  }
}

const loaded = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js for this publishable key, loaded on first use only: the pure entry point does not add
 * the script on import, so the demo provider's pages never fetch it. A failed load is forgotten
 * so that "Try again" really tries again.
 */
export function loadStripeFor(publishableKey: string): Promise<Stripe> {
  const known = loaded.get(publishableKey);
  if (known) return known;
  const loading = import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available here');
      return stripe;
    });
  loaded.set(publishableKey, loading);
  loading.catch(() => loaded.delete(publishableKey));
  return loading;
}

/**
 * What to tell the customer when Stripe will not make a PaymentMethod. Stripe writes validation
 * and card messages for customers ("Your card number is incomplete."); its other errors are about
 * the connection or our account and mean nothing to them.
 */
export function cardErrorMessage(error: Pick<StripeError, 'type' | 'message'>): string {
  if (error.type === 'validation_error' || error.type === 'card_error')
    return error.message?.trim() || 'Check your card details and try again.';
  if (error.type === 'api_connection_error')
    return "We couldn't reach our card processor. Check your connection and try again.";
  return "We couldn't check your card just now. Please try again, or pay with a saved card.";
}

/**
 * The card element draws inside Stripe's iframe, so the app's CSS cannot reach it: the same
 * colours and type are given here. 16px keeps iOS from zooming into the field.
 */
export const CARD_ELEMENT_STYLE: StripeElementStyle = {
  base: {
    color: '#2a1420',
    iconColor: '#be185d',
    fontFamily:
      "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontSize: '16px',
    fontSmoothing: 'antialiased',
    '::placeholder': { color: '#6b5560' },
  },
  invalid: { color: '#b91c1c', iconColor: '#b91c1c' },
};
