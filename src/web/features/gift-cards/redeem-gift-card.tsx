import { useId, useRef, useState, type FormEvent } from 'react';
import { formatPence } from '../../../domain/format';
import { normaliseGiftCardCode } from '../../../domain/gift-card';
import { buttonClass } from '../../components/button-styles';
import { FieldError, FormMessage, inputClass } from '../../components/form-fields';
import { SectionCard } from '../../components/section-card';
import { isApiError } from '../../lib/api';
import { useRedeemGiftCard, type RedeemGiftCardAnswer } from './api';

const SHAPE = 'Enter the code as it appears in your email, like GLOW-7K2Q-9M4X-P3RT-8WDF.';

/** Why a redemption failed, in words for the field: the server's own, which knows best. */
function messageOf(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  return error.errors.find((e) => e.field === 'body.code')?.message ?? error.detail;
}

/**
 * Redeem a code from a gift card email on the wallet page: its whole amount goes into the wallet.
 * The code is checked for its shape as typed (case, spaces and dashes do not matter) and by the
 * server for the rest; every refusal is said beside the field and announced.
 */
export function RedeemGiftCard() {
  const redeem = useRedeemGiftCard();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<RedeemGiftCardAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    setAdded(null);
    if (!normaliseGiftCardCode(code)) {
      setError(code.trim() ? SHAPE : 'Enter the code from your gift card email.');
      input.current?.focus();
      return;
    }
    setError(null);
    redeem.mutate(code, {
      onSuccess: (answer) => {
        setAdded(answer);
        setCode('');
      },
      onError: (failure) => {
        setError(messageOf(failure));
        input.current?.focus();
      },
    });
  };

  return (
    <SectionCard
      title="Redeem a gift card"
      description="Got a gift card by email? Enter its code: the whole amount goes into your wallet and comes off your next treatments."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div data-field>
          <label htmlFor={id} className="block text-sm font-semibold text-ink">
            Gift card code
          </label>
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
            It is in the email, like GLOW-7K2Q-9M4X-P3RT-8WDF.
          </p>
          <div className="mt-1.5 flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="sm:flex-1">
              <input
                ref={input}
                id={id}
                name="gift-card-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className={`${inputClass} font-mono tracking-wider uppercase`}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              />
              <FieldError id={`${id}-error`} message={error ?? undefined} />
            </div>
            <button
              type="submit"
              className={`${buttonClass('primary', 'lg')} shrink-0`}
              disabled={redeem.isPending}
            >
              {redeem.isPending ? 'Redeeming…' : 'Redeem'}
            </button>
          </div>
        </div>
        {added && (
          <FormMessage tone="success">
            {formatPence(added.addedPence)} added to your wallet. Your balance is now{' '}
            {formatPence(added.balancePence)}.
          </FormMessage>
        )}
      </form>
    </SectionCard>
  );
}
