import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatPence } from '../../../domain/format';
import type { GiftCardDetails } from '../../../domain/gift-card';
import { buttonClass } from '../../components/button-styles';
import { EmailField, FormMessage, TextField } from '../../components/form-fields';
import { ArrowRightIcon, LockIcon } from '../../components/icons';
import type { FieldError as ServerFieldError } from '../../lib/api';
import { asyncHandler } from '../../lib/async-handler';
import { accountKeys } from '../../lib/query-keys';
import { useUiStore } from '../../lib/ui-store';
import { useCurrentCustomer } from '../auth';
import { formatLongDate } from '../booking';
import { PaymentForm, useGoToBank } from '../payment';
import { buyGiftCard, giftCardKeys, type GiftCardPaymentAnswer } from './api';
import {
  amountOf,
  defaultDetails,
  detailsFormSchema,
  formFieldOf,
  sendDatesToday,
  type DetailsValues,
} from './gift-card-details';
import { clearGiftCardDraft, readGiftCardDraft, saveGiftCardDraft } from './gift-card-draft';
import { AmountChoice, MessageField } from './gift-card-fields';
import { GiftCardPreview } from './gift-card-preview';

const cardClass = 'rounded-3xl border border-brand-100 bg-white p-5 shadow-sm sm:p-7';

/** Where a bought card's page is: one address, so a reload or the bank's return shows it. */
export const boughtPath = (giftCardId: string) =>
  `/gift-cards?bought=${encodeURIComponent(giftCardId)}`;

function StepTitle({ id, step, children }: { id: string; step: number; children: string }) {
  return (
    <h2
      id={id}
      tabIndex={-1}
      className="flex items-center gap-3 font-display text-2xl font-semibold text-ink focus:outline-none"
    >
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-full bg-brand-100 font-sans text-sm font-bold text-brand-800"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

function SignInToBuy() {
  const setShowLogin = useUiStore((s) => s.setShowLoginModal);
  return (
    <div className="mt-4">
      <p className="text-muted">
        Sign in or create an account to pay. Your gift card details are kept while you do.
      </p>
      <button
        type="button"
        className={`${buttonClass('primary', 'lg')} mt-4 w-full sm:w-auto`}
        onClick={() => setShowLogin(true)}
      >
        <LockIcon className="h-5 w-5" />
        Sign in to buy
      </button>
    </div>
  );
}

function DetailsSummary({ details, onChange }: { details: GiftCardDetails; onChange: () => void }) {
  const today = sendDatesToday().first;
  return (
    <div className="mt-4 flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-blush p-4">
      <dl className="min-w-0 space-y-1 text-sm">
        <div>
          <dt className="sr-only">Amount</dt>
          <dd className="font-semibold text-ink">{formatPence(details.amountPence)} gift card</dd>
        </div>
        <div>
          <dt className="sr-only">For</dt>
          <dd className="break-words text-ink">
            For {details.recipientName} ({details.recipientEmail})
          </dd>
        </div>
        <div>
          <dt className="sr-only">Sent</dt>
          <dd className="text-muted">
            {details.sendOn <= today
              ? 'Emailed as soon as you have paid'
              : `Emailed on ${formatLongDate(details.sendOn)}, 9am UK time`}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="text-sm font-semibold text-brand-800 underline underline-offset-2"
        onClick={onChange}
      >
        Change details
      </button>
    </div>
  );
}

/**
 * The gift card page's form: the card's details (kept in this browser until it is bought), then
 * payment with features/payment's form, 3-D Secure included. The order id is made once per
 * order, so a double click or a retry can never buy two cards.
 */
export function BuyGiftCard() {
  const navigate = useNavigate();
  const goToBank = useGoToBank();
  const client = useQueryClient();
  const { status, me } = useCurrentCustomer();
  const [orderId, setOrderId] = useState(() => crypto.randomUUID());
  const [details, setDetails] = useState<GiftCardDetails | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The server's field errors about the details, waiting for the details form to be back.
  const serverErrors = useRef<ServerFieldError[]>([]);
  const { first: today, last: lastDay } = sendDatesToday();
  const [initial] = useState(() => defaultDetails(readGiftCardDraft()));

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<DetailsValues, unknown, GiftCardDetails>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: initial,
  });
  const values: DetailsValues = { ...initial, ...useWatch({ control }) };

  // Kept as they type, so signing in (even through another site) or the bank loses nothing.
  const { amountChoice, otherPounds, recipientName, recipientEmail, message, sendOn } = values;
  useEffect(() => {
    saveGiftCardDraft({
      amountChoice,
      otherPounds,
      recipientName,
      recipientEmail,
      message,
      sendOn,
    });
  }, [amountChoice, otherPounds, recipientName, recipientEmail, message, sendOn]);

  const step = details ? 'pay' : 'details';
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    document.getElementById(step === 'pay' ? 'gift-card-payment' : 'gift-card-details')?.focus();
  }, [step]);

  // The server's word on a detail (a send date that passed at midnight, say): back to the form,
  // the message beside its field and the first such field focused.
  useEffect(() => {
    if (details || serverErrors.current.length === 0) return;
    serverErrors.current.forEach((e, index) => {
      const field = formFieldOf(e.field, amountChoice);
      if (field) setError(field, { message: e.message }, { shouldFocus: index === 0 });
    });
    serverErrors.current = [];
  }, [details, setError, amountChoice]);

  // A refusal is said at the top of the payment step: bring it into view (it is announced).
  useEffect(() => {
    if (notice) document.getElementById('gift-card-payment')?.focus();
  }, [notice]);

  const toPayment = handleSubmit((valid) => {
    setNotice(null);
    setDetails(valid);
  });

  const onResult = (result: GiftCardPaymentAnswer) => {
    if (result.status === 'confirmed') {
      clearGiftCardDraft();
      void client.invalidateQueries({ queryKey: giftCardKeys.purchases });
      void client.invalidateQueries({ queryKey: accountKeys.cards });
      void navigate(boughtPath(result.giftCardId));
      return;
    }
    goToBank(
      result.actionUrl,
      `/authorisation/confirm?gift_card=${encodeURIComponent(result.giftCardId)}`,
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="space-y-6">
        <section aria-labelledby="gift-card-details" className={cardClass}>
          <StepTitle id="gift-card-details" step={1}>
            Your gift card
          </StepTitle>
          {details ? (
            <DetailsSummary details={details} onChange={() => setDetails(null)} />
          ) : (
            <form onSubmit={asyncHandler(toPayment)} noValidate className="mt-5 space-y-5">
              <AmountChoice
                registration={register('amountChoice')}
                otherRegistration={register('otherPounds')}
                choice={values.amountChoice}
                error={errors.amountChoice?.message}
                otherError={errors.otherPounds?.message}
              />
              <TextField
                label="Recipient's name"
                autoComplete="off"
                registration={register('recipientName')}
                error={errors.recipientName?.message}
              />
              <EmailField
                label="Recipient's email"
                autoComplete="off"
                hint="We send the gift card here, with its code."
                registration={register('recipientEmail')}
                error={errors.recipientEmail?.message}
              />
              <MessageField
                registration={register('message')}
                length={values.message.length}
                error={errors.message?.message}
              />
              <TextField
                label="Send date"
                type="date"
                min={today}
                max={lastDay}
                hint="Today sends it as soon as you have paid; a later day at 9am UK time."
                registration={register('sendOn')}
                error={errors.sendOn?.message}
              />
              <button type="submit" className={`${buttonClass('primary', 'lg')} w-full sm:w-auto`}>
                Continue to payment
                <ArrowRightIcon className="h-5 w-5" />
              </button>
            </form>
          )}
        </section>

        <section aria-labelledby="gift-card-payment" className={cardClass}>
          <StepTitle id="gift-card-payment" step={2}>
            Payment
          </StepTitle>
          {notice && (
            <div className="mt-4">
              <FormMessage tone="error">{notice}</FormMessage>
            </div>
          )}
          {!details ? (
            <p className="mt-3 text-sm text-muted">
              Fill in the gift card first. You pay by card; your bank may ask you to confirm.
            </p>
          ) : status === 'signed-out' ? (
            <SignInToBuy />
          ) : !me ? (
            <p role="status" className="mt-4 text-muted">
              Checking your account…
            </p>
          ) : (
            <div className="mt-5">
              <PaymentForm
                amountDuePence={details.amountPence}
                me={me}
                allowInvoice={false}
                pay={(request) => {
                  if (request.method === 'invoice' || request.method === 'credit')
                    throw new Error('Gift cards are paid by card, never by invoice or credit');
                  return buyGiftCard({ ...request, ...details, orderId });
                }}
                onResult={onResult}
                onDeclined={(message) =>
                  setNotice(`${message} You have not been charged. Please try another card.`)
                }
                onLost={(message) => {
                  // This order cannot be paid any more: start a new one with the same details.
                  setOrderId(crypto.randomUUID());
                  setNotice(message);
                }}
                onOtherFieldErrors={(fieldErrors) => {
                  const ours = fieldErrors.filter((e) => formFieldOf(e.field, values.amountChoice));
                  if (ours.length === 0) return false;
                  serverErrors.current = ours;
                  setDetails(null);
                  return true;
                }}
              />
            </div>
          )}
        </section>
      </div>
      {/* First on a phone: what is being made comes before the form that makes it. */}
      <div className="order-first lg:sticky lg:top-28 lg:order-none">
        <GiftCardPreview
          amountPence={amountOf(values)}
          recipientName={values.recipientName}
          message={values.message}
          sendOn={values.sendOn}
          today={today}
        />
      </div>
    </div>
  );
}
