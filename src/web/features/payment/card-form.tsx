import { useId, type RefObject } from 'react';
import { FieldError, inputClass } from '../../components/form-fields';
import {
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  type CardFieldErrors,
  type CardFields,
} from './card-input';

export interface CardFormValue extends CardFields {
  saveCard: boolean;
}

interface CardFormProps {
  value: CardFormValue;
  onChange: (value: CardFormValue) => void;
  errors: CardFieldErrors;
  numberRef?: RefObject<HTMLInputElement | null>;
  expiryRef?: RefObject<HTMLInputElement | null>;
  cvcRef?: RefObject<HTMLInputElement | null>;
}

const labelClass = 'block text-sm font-semibold text-ink';
// Label, input and error on the three rows of the pair's grid; the label at the foot of its row.
const pair = 'row-span-3 grid grid-rows-subgrid [&>label]:self-end';

interface CardFieldProps {
  label: string;
  /** The autocomplete token, also used as the input's name. */
  autoComplete: 'cc-number' | 'cc-exp' | 'cc-csc';
  placeholder: string;
  maxLength?: number;
  /** Read by screen readers only: the placeholder is not a label. */
  hint?: string;
  value: string;
  error?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  onChange: (raw: string) => void;
  /** The field's box: side by side, label, input and error each line up with the other's. */
  className?: string;
}

function CardField({
  label,
  hint,
  error,
  inputRef,
  onChange,
  className,
  ...input
}: CardFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div data-field className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        name={input.autoComplete}
        type="text"
        inputMode="numeric"
        className={`${inputClass} mt-1.5 tabular-nums`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * Our own card form for the demo provider. Ordinary inputs with the standard autocomplete tokens
 * so browsers and password managers can fill them; the number lives only in component state and
 * in the one payment request.
 */
export function CardForm({ value, onChange, errors, numberRef, expiryRef, cvcRef }: CardFormProps) {
  return (
    <div className="space-y-4">
      <CardField
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={value.number}
        error={errors.number}
        inputRef={numberRef}
        onChange={(raw) => onChange({ ...value, number: formatCardNumber(raw) })}
      />
      {/* Rows shared by both fields (a subgrid), so when "Security code (CVC)" wraps on a phone its
          input still lines up with the expiry's: each label sits at the foot of the taller row. */}
      <div className="grid grid-cols-2 gap-x-4">
        <CardField
          className={pair}
          label="Expiry date"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          hint="Month and year, as MM/YY"
          value={value.expiry}
          error={errors.expiry}
          inputRef={expiryRef}
          onChange={(raw) => onChange({ ...value, expiry: formatExpiry(raw, value.expiry) })}
        />
        <CardField
          className={pair}
          label="Security code (CVC)"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={value.cvc}
          error={errors.cvc}
          inputRef={cvcRef}
          onChange={(raw) => onChange({ ...value, cvc: digitsOnly(raw) })}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="h-5 w-5 rounded border-brand-300 accent-brand-700"
          checked={value.saveCard}
          onChange={(e) => onChange({ ...value, saveCard: e.target.checked })}
        />
        Save this card for next time
      </label>
    </div>
  );
}
