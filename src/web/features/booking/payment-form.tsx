import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon, CheckCircleIcon, LockIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import type { FieldError } from '../../lib/api';
import type { Me } from '../account';
import { useSavedCards, type PaymentRequest, type PaymentResult } from './api';
import { cardLabel } from '../../../domain/card';
import { CardForm, type CardFormValue } from './card-form';
import { cardFieldFromServer, parseExpiry, validateCard, type CardFieldErrors } from './card-input';
import { newCardEntryFor, usePaymentConfig } from './payment-config';
import { CardEntryError } from './stripe-card';
import { StripeCardForm, type StripeCardHandle } from './stripe-card-form';

type Method = { kind: 'saved'; cardId: string } | { kind: 'new' } | { kind: 'invoice' };

const EMPTY_CARD: CardFormValue = { number: '', expiry: '', cvc: '', saveCard: false };

/** Statuses meaning the hold is gone (expired, paid elsewhere, released): choose again. */
const LOST_STATUSES = new Set([404, 409, 410, 422]);

interface PaymentFormProps<R extends PaymentResult> {
  /** What the button says it will take. */
  amountDuePence: number;
  me: Pick<Me, 'accountType' | 'businessPayment'>;
  /** Sends the payment: a booking's, or a gift card order with it. */
  pay: (request: PaymentRequest) => Promise<R>;
  /** Offer the business invoice arrangement (bookings only). */
  allowInvoice?: boolean;
  onResult: (result: R) => void;
  /** The payment was refused (402) and what was being paid for is gone with it. */
  onDeclined: (message: string) => void;
  /**
   * The card was refused but the time is still held (402 with slotReleased false): the form
   * asks for another card itself; the caller refreshes what it shows of the hold.
   */
  onDeclinedHoldKept?: () => void;
  /** Offered under the pay button once a card has been refused (e.g. "Choose another time"). */
  afterDecline?: ReactNode;
  /** What is being paid for can no longer be (expired, already paid, released). */
  onLost: (message: string) => void;
  /**
   * The server's field errors about something other than the card (a gift card's details): the
   * caller shows them where they belong and answers true, or false to show the message here.
   */
  onOtherFieldErrors?: (errors: FieldError[]) => boolean;
  /** Told when a payment starts and ends, so the page can keep its amounts still meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

/** The form's own error, when the server's answer is about no one field. */
function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-900">
      <AlertIcon className="h-5 w-5 shrink-0 text-red-700" />
      {message}
    </p>
  );
}

export function PaymentForm<R extends PaymentResult>({
  amountDuePence,
  me,
  pay: send,
  allowInvoice = true,
  onResult,
  onDeclined,
  onDeclinedHoldKept,
  afterDecline,
  onLost,
  onOtherFieldErrors,
  onBusyChange,
}: PaymentFormProps<R>) {
  const cards = useSavedCards(true);
  const canInvoice =
    allowInvoice && me.accountType === 'business' && me.businessPayment?.arrangement === 'invoice';
  const [chosen, setChosen] = useState<Method | null>(null);
  const [card, setCard] = useState<CardFormValue>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A refused card with the hold kept: why, and a count that moves focus to the card number.
  const [declined, setDeclined] = useState<{ message: string; count: number } | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const stripeCardRef = useRef<StripeCardHandle>(null);
  const paymentConfig = usePaymentConfig();
  const newCard = newCardEntryFor(paymentConfig);
  const legendId = useId();

  const savedCards = cards.data ?? [];
  const firstCard = savedCards[0];
  // Until the customer picks, the likeliest choice: their arrangement, then their newest card.
  const method: Method =
    chosen ??
    (canInvoice
      ? { kind: 'invoice' }
      : firstCard
        ? { kind: 'saved', cardId: firstCard.id }
        : { kind: 'new' });

  const pay = useMutation({
    // Stripe's card form first turns the card into a pm_… id, inside the same pending state.
    mutationFn: async (request: PaymentRequest | (() => Promise<PaymentRequest>)) =>
      send(typeof request === 'function' ? await request() : request),
    onSuccess: (result) => {
      // The number is not needed once the request is answered; drop it from memory.
      setCard(EMPTY_CARD);
      onResult(result);
    },
    onError: (error) => {
      // The Stripe card form has already shown why, next to the card.
      if (error instanceof CardEntryError) return;
      if (!isApiError(error)) {
        setFormError('Something went wrong. Please try again.');
        return;
      }
      if (error.status === 402 && error.extensions.slotReleased === false) {
        // Another card first: the refused number and its code go, the rest is kept.
        setCard((c) => ({ ...c, number: '', cvc: '' }));
        setChosen({ kind: 'new' });
        setCardErrors({});
        setDeclined((d) => ({ message: error.detail, count: (d?.count ?? 0) + 1 }));
        onDeclinedHoldKept?.();
        return;
      }
      if (error.status === 402) {
        setCard(EMPTY_CARD);
        onDeclined(error.detail);
        return;
      }
      if (LOST_STATUSES.has(error.status)) {
        onLost(error.detail);
        return;
      }
      const fieldErrors: CardFieldErrors = {};
      const others: FieldError[] = [];
      for (const e of error.errors) {
        const name = cardFieldFromServer(e.field);
        if (name) fieldErrors[name] = e.message;
        else others.push(e);
      }
      setCardErrors(fieldErrors);
      const placedElsewhere = others.length > 0 && (onOtherFieldErrors?.(others) ?? false);
      setFormError(Object.keys(fieldErrors).length > 0 || placedElsewhere ? null : error.detail);
    },
  });
  useEffect(() => onBusyChange?.(pay.isPending), [pay.isPending, onBusyChange]);

  const declinedCount = declined?.count ?? 0;
  const declinedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (declinedCount === 0) return;
    // The number field for the next card, with why just above it, clear of the sticky bars.
    numberRef.current?.focus({ preventScroll: true });
    declinedRef.current?.scrollIntoView({ block: 'start' });
  }, [declinedCount]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    setFormError(null);
    if (method.kind === 'invoice') return pay.mutate({ method: 'invoice' });
    if (method.kind === 'saved') return pay.mutate({ method: 'saved-card', cardId: method.cardId });
    if (newCard.kind !== 'demo') {
      const stripeCard = stripeCardRef.current;
      if (stripeCard) pay.mutate(() => stripeCard.paymentRequest());
      return;
    }
    const errors = validateCard(card, new Date());
    setCardErrors(errors);
    if (errors.number) return numberRef.current?.focus();
    if (errors.expiry) return expiryRef.current?.focus();
    if (errors.cvc) return cvcRef.current?.focus();
    const expiry = parseExpiry(card.expiry);
    if (!expiry) return;
    pay.mutate({
      method: 'card',
      card: {
        number: card.number.replace(/\D/g, ''),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: card.cvc,
      },
      saveCard: card.saveCard,
    });
  };

  const options: { key: string; method: Method; label: string; note?: string }[] = [
    ...(canInvoice
      ? [
          {
            key: 'invoice',
            method: { kind: 'invoice' } as Method,
            label: 'Pay by invoice',
            note: 'Your business is invoiced under its agreement with us.',
          },
        ]
      : []),
    ...savedCards.map((c) => ({
      key: c.id,
      method: { kind: 'saved', cardId: c.id } as Method,
      label: cardLabel(c.brand, c.last4),
      note: `Expires ${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`,
    })),
    { key: 'new', method: { kind: 'new' }, label: 'A new card' },
  ];
  const isChosen = (m: Method) =>
    m.kind === method.kind &&
    (m.kind !== 'saved' || (method.kind === 'saved' && m.cardId === method.cardId));

  const payLabel =
    method.kind === 'invoice'
      ? 'Confirm and pay by invoice'
      : amountDuePence === 0
        ? 'Confirm booking'
        : `Pay ${formatPence(amountDuePence)}`;

  // Credit covers everything: nothing to choose and no card to ask for.
  if (amountDuePence === 0) {
    return (
      <form
        noValidate
        aria-busy={pay.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          if (pay.isPending) return;
          setFormError(null);
          pay.mutate({ method: 'credit' });
        }}
      >
        <p className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          <CheckCircleIcon className="h-5 w-5 shrink-0 text-emerald-700" />
          Your credit covers the whole booking, so there is nothing to pay by card.
        </p>
        <PaymentError message={formError} />
        <button
          type="submit"
          className={`${buttonClass('primary', 'lg')} mt-6 w-full`}
          disabled={pay.isPending}
        >
          {pay.isPending ? 'Confirming…' : 'Confirm booking'}
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={pay.isPending}>
      <fieldset aria-describedby={cards.isError ? `${legendId}-cards` : undefined}>
        <legend id={legendId} className="font-display text-xl font-semibold text-ink">
          How would you like to pay?
        </legend>
        {cards.isError && (
          <p id={`${legendId}-cards`} className="mt-1 text-sm text-muted">
            We couldn&rsquo;t load your saved cards; you can still pay with a new card.
          </p>
        )}
        <div className="mt-3 space-y-2">
          {options.map((option) => (
            <label
              key={option.key}
              className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                isChosen(option.method)
                  ? 'border-brand-500 bg-brand-50'
                  : 'border-brand-100 bg-white'
              }`}
            >
              <input
                type="radio"
                name="payment-method"
                className="mt-0.5 h-5 w-5 accent-brand-700"
                checked={isChosen(option.method)}
                onChange={() => {
                  setChosen(option.method);
                  setFormError(null);
                }}
              />
              <span>
                <span className="block font-medium text-ink">{option.label}</span>
                {option.note && <span className="block text-sm text-muted">{option.note}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {declined && (
        // Just above the card entry it asks for, and brought into view with it.
        <div
          ref={declinedRef}
          role="alert"
          className="mt-5 flex scroll-mt-36 gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-900"
        >
          <AlertIcon className="h-5 w-5 shrink-0 text-red-700" />
          <p>{declined.message} Please try another card.</p>
        </div>
      )}
      {method.kind === 'new' && newCard.kind !== 'demo' && (
        <div className="mt-5">
          <StripeCardForm
            ref={stripeCardRef}
            entry={newCard}
            onRetryEntry={() => void paymentConfig.refetch()}
            retryingEntry={paymentConfig.isFetching}
          />
        </div>
      )}
      {method.kind === 'new' && newCard.kind === 'demo' && (
        <div className="mt-5">
          <CardForm
            value={card}
            onChange={setCard}
            errors={cardErrors}
            numberRef={numberRef}
            expiryRef={expiryRef}
            cvcRef={cvcRef}
          />
        </div>
      )}

      <PaymentError message={formError} />

      <button
        type="submit"
        className={`${buttonClass('primary', 'lg')} mt-6 w-full`}
        disabled={pay.isPending}
      >
        <LockIcon className="h-5 w-5" />
        {pay.isPending ? 'Paying…' : payLabel}
      </button>
      {declined && afterDecline}
    </form>
  );
}
