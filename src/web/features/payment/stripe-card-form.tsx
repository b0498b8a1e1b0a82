import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon } from '../../components/icons';
import type { PaymentRequest } from './api';
import type { NewCardEntry } from './payment-config';
import {
  CARD_ELEMENT_STYLE,
  CardEntryError,
  STRIPE_LOAD_FAILED,
  STRIPE_LOAD_TIMEOUT_MS,
  cardErrorMessage,
  loadStripeFor,
} from './stripe-card';

// The contract leaves both card and paymentMethodId optional (the server names what is missing);
// from Stripe's form it is always the pm_… id.
export type StripeCardRequest = Extract<PaymentRequest, { method: 'card' }> & {
  paymentMethodId: string;
};

export interface StripeCardHandle {
  /**
   * Turns what the customer typed into a Stripe PaymentMethod (pm_…) and the request to pay with
   * it. Rejects with CardEntryError once the reason is on screen.
   */
  paymentRequest(): Promise<StripeCardRequest>;
}

interface StripeCardFormProps {
  /** Everything but the demo provider: still asking, Stripe, or no way to take a new card. */
  entry: Exclude<NewCardEntry, { kind: 'demo' }>;
  /** Asks the server again which provider is in use. */
  onRetryEntry: () => void;
  retryingEntry: boolean;
  ref?: Ref<StripeCardHandle>;
}

type Load = 'loading' | 'ready' | 'failed';

const labelClass = 'block text-sm font-semibold text-ink';
// Stripe puts StripeElement--focus / --invalid on the element it mounts into; style them as our
// own inputs look.
const elementBoxClass =
  'block min-h-12 w-full rounded-xl border border-brand-200 bg-white px-4 py-3.5 shadow-sm ' +
  '[&.StripeElement--focus]:outline-2 [&.StripeElement--focus]:outline-brand-600 ' +
  '[&.StripeElement--invalid]:border-red-600';

/**
 * New-card entry with the Stripe provider: Stripe Elements draws the card fields in Stripe's own
 * iframe, so the number goes from the browser to Stripe and only a pm_… id comes to our server.
 */
export function StripeCardForm({ entry, onRetryEntry, retryingEntry, ref }: StripeCardFormProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const mountRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [load, setLoad] = useState<Load>('loading');
  const [attempt, setAttempt] = useState(0);
  const [cardError, setCardError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const publishableKey = entry.kind === 'stripe' ? entry.publishableKey : null;

  useEffect(() => {
    const mountPoint = mountRef.current;
    if (!publishableKey || !mountPoint) return;
    let cancelled = false;
    let card: StripeCardElement | null = null;
    const fail = () => {
      if (!cancelled) setLoad('failed');
    };
    // The wait covers the card iframe too (Stripe.js can load while its frame is blocked). Should
    // Stripe turn up after all, its ready event still shows the form.
    const timer = setTimeout(fail, STRIPE_LOAD_TIMEOUT_MS);
    loadStripeFor(publishableKey).then((stripe) => {
      if (cancelled) return;
      stripeRef.current = stripe;
      card = stripe
        .elements({ locale: 'en-GB' })
        .create('card', { hidePostalCode: true, style: CARD_ELEMENT_STYLE });
      card.on('change', (event) => setCardError(event.error?.message ?? null));
      card.on('ready', () => {
        clearTimeout(timer);
        if (!cancelled) setLoad('ready');
      });
      card.on('loaderror', () => {
        clearTimeout(timer);
        fail();
      });
      card.mount(mountPoint);
      cardRef.current = card;
    }, fail);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      // Destroying the element drops whatever was typed into it along with its iframe.
      card?.destroy();
      cardRef.current = null;
      stripeRef.current = null;
    };
  }, [publishableKey, attempt]);

  useImperativeHandle(
    ref,
    () => ({
      async paymentRequest() {
        const stripe = stripeRef.current;
        const card = cardRef.current;
        if (load === 'failed' || entry.kind === 'unavailable') {
          retryRef.current?.focus();
          throw new CardEntryError(STRIPE_LOAD_FAILED);
        }
        if (load !== 'ready' || !stripe || !card) {
          const message = 'The secure card form is still loading. Please wait a moment.';
          setCardError(message);
          throw new CardEntryError(message);
        }
        let message: string;
        try {
          const result = await stripe.createPaymentMethod({ type: 'card', card });
          if (!result.error)
            return { method: 'card', paymentMethodId: result.paymentMethod.id, saveCard };
          message = cardErrorMessage(result.error);
        } catch {
          message = cardErrorMessage({ type: 'api_connection_error' });
        }
        setCardError(message);
        card.focus();
        throw new CardEntryError(message);
      },
    }),
    [load, entry.kind, saveCard],
  );

  const retry = () => {
    setCardError(null);
    if (entry.kind === 'unavailable') return onRetryEntry();
    setLoad('loading');
    setAttempt((n) => n + 1);
  };

  // Until the server says which provider, nothing Stripe-specific is promised.
  if (entry.kind === 'pending')
    return (
      <p role="status" className="text-muted">
        {cardError ?? 'Loading the card form…'}
      </p>
    );
  const failed = entry.kind === 'unavailable' || load === 'failed';
  const loading = !failed && load === 'loading';

  return (
    <div className="space-y-4">
      <div>
        <p id={labelId} className={labelClass}>
          Card details
        </p>
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          Entered securely with Stripe. Your card number is never sent to us.
        </p>
        {failed && (
          <div role="alert" className="mt-1.5 rounded-xl bg-red-50 p-3 text-sm text-red-900">
            <p className="flex gap-2">
              <AlertIcon className="h-5 w-5 shrink-0 text-red-700" />
              {STRIPE_LOAD_FAILED}
            </p>
            <button
              ref={retryRef}
              type="button"
              className={`${buttonClass('secondary', 'md')} mt-3`}
              disabled={retryingEntry}
              onClick={retry}
            >
              {retryingEntry ? 'Trying again…' : 'Try again'}
            </button>
          </div>
        )}
        <div className="relative mt-1.5" hidden={failed}>
          <div
            ref={mountRef}
            role="group"
            aria-labelledby={labelId}
            aria-describedby={`${hintId} ${errorId}`}
            aria-busy={loading}
            className={elementBoxClass}
          />
          {loading && (
            <p
              role="status"
              className="absolute inset-0 flex items-center rounded-xl bg-white px-4 text-muted"
            >
              Loading the secure card form…
            </p>
          )}
        </div>
        <p
          id={errorId}
          aria-live="polite"
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700 empty:hidden"
        >
          {cardError && (
            <>
              <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{cardError}</span>
            </>
          )}
        </p>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="h-5 w-5 rounded border-brand-300 accent-brand-700"
          checked={saveCard}
          onChange={(e) => setSaveCard(e.target.checked)}
        />
        Save this card for next time
      </label>
    </div>
  );
}
