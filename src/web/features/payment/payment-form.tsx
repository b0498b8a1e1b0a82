import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ProfileView } from '../../../contract/me';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon, CheckCircleIcon, LockIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import type { FieldError } from '../../lib/api';
import { useSavedCards, type PaymentRequest, type PaymentResult } from './api';
import { CardForm, type CardFormValue } from './card-form';
import { cardFieldFromServer, parseExpiry, validateCard, type CardFieldErrors } from './card-input';
import { newCardEntryFor, usePaymentConfig } from './payment-config';
import { MethodChoice, type Method } from './payment-methods';
import { paymentRefusal } from './refusals';
import { CardEntryError } from './stripe-card';
import { StripeCardForm, type StripeCardHandle } from './stripe-card-form';

const EMPTY_CARD: CardFormValue = { number: '', expiry: '', cvc: '', saveCard: false };

interface PaymentFormProps<R extends PaymentResult> {
  /** What the button says it will take. */
  amountDuePence: number;
  /** The signed-in customer (GET /api/me): whether their business pays by invoice. */
  me: Pick<ProfileView, 'accountType' | 'businessPayment'>;
  /** Sends the payment: a booking's, or a gift card order with it. */
  pay: (request: PaymentRequest) => Promise<R>;
  /** Offer the business invoice arrangement (bookings only). */
  allowInvoice?: boolean;
  onResult: (result: R) => void;
  /** The card was refused and what was being paid for is gone with it. */
  onDeclined: (message: string) => void;
  /**
   * The card was refused but the time is still held (slotReleased false): the form
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

/**
 * How the customer pays, for whatever is bought: the business's invoice, a saved card or a new one
 * (our card form for the demo provider, Stripe's for Stripe), or nothing left to pay. What paying
 * sends, and what its answer or refusal means, is the caller's.
 */
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
      const refusal = paymentRefusal(error);
      if (refusal === 'declined-hold-kept') {
        // Another card first: the refused number and its code go, the rest is kept.
        setCard((c) => ({ ...c, number: '', cvc: '' }));
        setChosen({ kind: 'new' });
        setCardErrors({});
        setDeclined((d) => ({ message: error.detail, count: (d?.count ?? 0) + 1 }));
        onDeclinedHoldKept?.();
        return;
      }
      if (refusal === 'declined') {
        setCard(EMPTY_CARD);
        onDeclined(error.detail);
        return;
      }
      if (refusal === 'lost') {
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
      <MethodChoice
        savedCards={savedCards}
        cardsFailed={cards.isError}
        canInvoice={canInvoice}
        method={method}
        onChoose={(chosenMethod) => {
          setChosen(chosenMethod);
          setFormError(null);
        }}
      />

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
