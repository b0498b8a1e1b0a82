import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatPence } from '../../../domain/format';
import { GIFT_CARD_MESSAGE_MAX } from '../../../domain/gift-card';
import { FieldError, TextField, inputClass } from '../../components/form-fields';
import { AMOUNT_CHOICES, OTHER_AMOUNT } from './gift-card-details';

// The gift card form's own fields: the amount (a choice of tiles, or another amount) and the
// message with its count of characters.

export function AmountChoice({
  registration,
  otherRegistration,
  choice,
  error,
  otherError,
}: {
  registration: UseFormRegisterReturn;
  otherRegistration: UseFormRegisterReturn;
  choice: string;
  error?: string;
  otherError?: string;
}) {
  const id = useId();
  return (
    <fieldset data-field aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="block text-sm font-semibold text-ink">Amount</legend>
      <div className="mt-1.5 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {AMOUNT_CHOICES.map((value) => (
          <label
            key={value}
            className="relative flex min-h-12 items-center justify-center rounded-xl border border-brand-200 bg-white px-3 text-center font-semibold text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700"
          >
            {/* The whole tile is the radio button; the amount is drawn over it. */}
            <input
              type="radio"
              value={value}
              className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-xl focus:outline-none"
              {...registration}
            />
            <span className="pointer-events-none relative">
              {value === OTHER_AMOUNT ? 'Other' : formatPence(Number(value)).replace(/\.00$/, '')}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {choice === OTHER_AMOUNT && (
        <div className="mt-3 max-w-xs">
          <TextField
            label="Amount in pounds"
            hint="Whole pounds from £10 to £500"
            inputMode="numeric"
            autoComplete="off"
            registration={otherRegistration}
            error={otherError}
          />
        </div>
      )}
    </fieldset>
  );
}

export function MessageField({
  registration,
  length,
  error,
}: {
  registration: UseFormRegisterReturn;
  length: number;
  error?: string;
}) {
  const id = useId();
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div data-field>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Message <span className="font-normal text-muted">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
        Printed in their email. Up to {GIFT_CARD_MESSAGE_MAX} characters.
      </p>
      <textarea
        id={id}
        rows={4}
        className={`${inputClass} mt-1.5 resize-y`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      <p
        aria-hidden="true"
        className={`mt-1 text-right text-xs ${length > GIFT_CARD_MESSAGE_MAX ? 'text-red-700' : 'text-muted'}`}
      >
        {length}/{GIFT_CARD_MESSAGE_MAX}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
