import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { UK_TIME_ZONE } from '../../../domain/constants';
import {
  firstNameOf,
  formatLongDateOfInstant,
  formatPence,
  formatUkTime,
} from '../../../domain/format';
import {
  parsePounds,
  tipAmountProblem,
  tipClosesAt,
  tipPresets,
  tipSplit,
} from '../../../domain/tips';
import { buttonClass } from '../../components/button-styles';
import { FieldError, inputClass } from '../../components/form-fields';
import { AlertIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';
import { useCurrentCustomer } from '../auth';
import { PaymentForm, useGoToBank } from '../payment';
import { giveTip, type TipAnswer, type TipRequest } from './api';
import type { TippableBooking } from './tippable-booking';

// "Add a tip" opened: 10, 15 or 20% of the price or an amount of the customer's own, their wallet
// credit if they want it, then the payment form every purchase uses (saved card, new card, 3-D
// Secure). The server checks everything again; this offers only what it will take.

type Choice = { kind: 'preset'; percent: number } | { kind: 'custom' };

interface TipPanelProps {
  booking: TippableBooking;
  onPaid: (amountPence: number) => void;
  onClose: () => void;
}

export default function TipPanel({ booking, onPaid, onClose }: TipPanelProps) {
  const id = useId();
  const client = useQueryClient();
  const goToBank = useGoToBank();
  const { me } = useCurrentCustomer();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const presets = tipPresets(booking.totalPricePence);
  const [choice, setChoice] = useState<Choice>(
    presets[1] ? { kind: 'preset', percent: presets[1].percent } : { kind: 'custom' },
  );
  const [custom, setCustom] = useState('');
  const [customTouched, setCustomTouched] = useState(false);
  const [serverAmountError, setServerAmountError] = useState<string | null>(null);
  const [useCredit, setUseCredit] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const therapist = firstNameOf(booking.therapist.name);
  const balance = me?.walletBalancePence ?? 0;

  useEffect(() => headingRef.current?.focus(), []);

  const amountPence =
    choice.kind === 'preset'
      ? (presets.find((p) => p.percent === choice.percent)?.amountPence ?? null)
      : parsePounds(custom);
  const amountProblem =
    choice.kind === 'custom'
      ? amountPence === null
        ? 'Enter the tip in pounds and pence, for example 5.00.'
        : tipAmountProblem(amountPence, booking.totalPricePence)
      : null;
  const valid = amountPence !== null && amountProblem === null;
  const split = tipSplit(amountPence ?? 0, balance, useCredit);
  const closes = tipClosesAt(Date.parse(booking.endsAt));

  const paid = (answer: TipAnswer) => {
    if (answer.status === 'requires_action') {
      goToBank(answer.actionUrl, `/authorisation/confirm?tip=${encodeURIComponent(answer.tipId)}`);
      return;
    }
    void client.invalidateQueries({ queryKey: accountKeys.appointments });
    void client.invalidateQueries({ queryKey: accountKeys.wallet });
    void client.invalidateQueries({ queryKey: accountKeys.me, exact: true });
    onPaid(answer.tip.amountPence);
  };

  const send = (request: TipRequest) => giveTip(booking.id, request);
  const amountError =
    serverAmountError ?? (customTouched || choice.kind === 'preset' ? amountProblem : null);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="basis-full rounded-xl border border-brand-100 bg-white p-4"
      data-tip-panel
    >
      <h4
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-ink focus:outline-none"
      >
        Add a tip for {therapist}
      </h4>
      <p className="mt-1 text-sm text-muted">
        All of it goes to {therapist}. You can add a tip until {formatUkTime(closes, UK_TIME_ZONE)}{' '}
        on {formatLongDateOfInstant(closes, UK_TIME_ZONE)}.
      </p>

      <fieldset className="mt-4" disabled={busy}>
        <legend className="text-sm font-semibold text-ink">Tip amount</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-4">
          {presets.map((p) => (
            <label
              key={p.percent}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-brand-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={`${id}-amount`}
                className="h-4 w-4 accent-brand-700"
                checked={choice.kind === 'preset' && choice.percent === p.percent}
                onChange={() => {
                  setChoice({ kind: 'preset', percent: p.percent });
                  setServerAmountError(null);
                }}
              />
              <span>
                <span className="font-semibold text-ink">{p.percent}%</span>{' '}
                <span className="text-ink">{formatPence(p.amountPence)}</span>
              </span>
            </label>
          ))}
          <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-brand-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
            <input
              type="radio"
              name={`${id}-amount`}
              className="h-4 w-4 accent-brand-700"
              checked={choice.kind === 'custom'}
              onChange={() => {
                setChoice({ kind: 'custom' });
                setServerAmountError(null);
              }}
            />
            <span className="font-semibold text-ink">Other amount</span>
          </label>
        </div>
        {choice.kind === 'custom' && (
          <div className="mt-3 max-w-xs">
            <label htmlFor={`${id}-custom`} className="text-sm font-semibold text-ink">
              Tip in pounds
            </label>
            <p id={`${id}-custom-hint`} className="text-sm text-muted">
              From {formatPence(100)} up to {formatPence(booking.totalPricePence)}
            </p>
            <input
              id={`${id}-custom`}
              inputMode="decimal"
              autoComplete="off"
              className={`${inputClass} mt-1`}
              value={custom}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${id}-custom-hint${amountError ? ` ${id}-custom-error` : ''}`}
              onChange={(event) => {
                setCustom(event.target.value);
                setServerAmountError(null);
              }}
              onBlur={() => setCustomTouched(true)}
            />
            <FieldError id={`${id}-custom-error`} message={amountError ?? undefined} />
          </div>
        )}
        {balance > 0 && (
          <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={useCredit}
              onChange={(event) => setUseCredit(event.target.checked)}
            />
            Use my wallet credit ({formatPence(balance)} balance)
          </label>
        )}
      </fieldset>

      {notice && (
        <p role="alert" className="mt-4 flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <AlertIcon className="h-5 w-5 shrink-0 text-red-700" />
          {notice}
        </p>
      )}

      {valid && amountPence !== null && (
        <div className="mt-5">
          {useCredit && split.creditAppliedPence > 0 && (
            <p className="mb-3 text-sm text-ink">
              {formatPence(split.creditAppliedPence)} from your wallet
              {split.amountDuePence > 0 ? `, ${formatPence(split.amountDuePence)} by card.` : '.'}
            </p>
          )}
          {split.amountDuePence === 0 ? (
            <CreditOnly
              amountPence={amountPence}
              pay={() => send({ amountPence, method: 'credit', useCredit: true })}
              onPaid={paid}
              onError={setNotice}
            />
          ) : (
            me && (
              <PaymentForm<TipAnswer>
                amountDuePence={split.amountDuePence}
                me={me}
                allowInvoice={false}
                pay={(request) => {
                  if (request.method === 'invoice' || request.method === 'credit')
                    throw new Error('A tip with something to pay is paid by card');
                  return send({ ...request, amountPence, useCredit });
                }}
                onResult={paid}
                onDeclined={setNotice}
                onLost={setNotice}
                onBusyChange={setBusy}
                onOtherFieldErrors={(errors) => {
                  const ours = errors.find((e) => e.field.endsWith('amountPence'));
                  if (!ours) return false;
                  setChoice({ kind: 'custom' });
                  setServerAmountError(ours.message);
                  return true;
                }}
              />
            )
          )}
        </div>
      )}
      <button type="button" className={`${buttonClass('ghost')} mt-3`} onClick={onClose}>
        Not now
      </button>
    </section>
  );
}

/** The wallet pays it all: one button, no card. */
function CreditOnly({
  amountPence,
  pay,
  onPaid,
  onError,
}: {
  amountPence: number;
  pay: () => Promise<TipAnswer>;
  onPaid: (answer: TipAnswer) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`${buttonClass('primary', 'lg')} w-full`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        pay()
          .then(onPaid)
          .catch((error: unknown) =>
            onError(isApiError(error) ? error.detail : 'Something went wrong. Please try again.'),
          )
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Paying…' : `Pay ${formatPence(amountPence)} tip from your wallet`}
    </button>
  );
}
