import { useId, type RefObject } from 'react';
import { FieldError, inputClass } from '../auth/form-fields';
import {
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

/**
 * Our own card form for the demo provider. Ordinary inputs with the standard autocomplete tokens
 * so browsers and password managers can fill them; the number lives only in component state and
 * in the one payment request.
 */
export function CardForm({ value, onChange, errors, numberRef, expiryRef, cvcRef }: CardFormProps) {
  const id = useId();
  const field = (name: string) => ({ input: `${id}-${name}`, error: `${id}-${name}-error` });
  const number = field('number');
  const expiry = field('expiry');
  const cvc = field('cvc');
  const hintId = `${id}-expiry-hint`;

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={number.input} className={labelClass}>
          Card number
        </label>
        <input
          ref={numberRef}
          id={number.input}
          name="cc-number"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className={`${inputClass} mt-1.5 tabular-nums`}
          value={value.number}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={errors.number ? number.error : undefined}
          onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
        />
        <FieldError id={number.error} message={errors.number} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={expiry.input} className={labelClass}>
            Expiry date
          </label>
          <p id={hintId} className="sr-only">
            Month and year, as MM/YY
          </p>
          <input
            ref={expiryRef}
            id={expiry.input}
            name="cc-exp"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            className={`${inputClass} mt-1.5 tabular-nums`}
            value={value.expiry}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={errors.expiry ? `${hintId} ${expiry.error}` : hintId}
            onChange={(e) =>
              onChange({ ...value, expiry: formatExpiry(e.target.value, value.expiry) })
            }
          />
          <FieldError id={expiry.error} message={errors.expiry} />
        </div>
        <div>
          <label htmlFor={cvc.input} className={labelClass}>
            Security code (CVC)
          </label>
          <input
            ref={cvcRef}
            id={cvc.input}
            name="cc-csc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            className={`${inputClass} mt-1.5 tabular-nums`}
            value={value.cvc}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={errors.cvc ? cvc.error : undefined}
            onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '') })}
          />
          <FieldError id={cvc.error} message={errors.cvc} />
        </div>
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
