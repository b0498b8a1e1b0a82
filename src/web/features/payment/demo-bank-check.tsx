import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cardLabel } from '../../../domain/card';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { ShieldIcon } from '../../components/icons';
import { LoadingBlock } from '../../components/page-heading';
import { isApiError } from '../../lib/api';
import { answerAuthentication, fetchAuthentication } from './api';

/** Why a payment the bank would not confirm was not taken, when the server gives no reason. */
export const BANK_REFUSED = 'Your bank could not confirm the payment, so it did not go through.';

/**
 * What the bank's answer means for what is being bought (a booking, a gift card order): given by
 * the purchase's own feature, so this page knows none of them.
 */
export interface BankCheckOutcome {
  /** Approved, and the payment has gone through. */
  onConfirmed: () => void;
  /** The bank or the server refused it: what to show instead, given why. */
  renderRefused: (message: string) => ReactNode;
  /**
   * Opened again after it was answered (a reload, the back button): what to show instead, or
   * null to show the page while the caller finds out where the first answer led.
   */
  renderAnswered: () => ReactNode;
}

interface DemoBankCheckProps extends BankCheckOutcome {
  paymentId: string;
}

/**
 * The demo provider's stand-in for a bank's 3-D Secure page, for any payment (a booking, a gift
 * card): what is being paid, to whom and for what, and Approve or Fail. The route of
 * /authorisation/confirm renders it with the outcome of the purchase named in its address.
 */
export function DemoBankCheck({
  paymentId,
  onConfirmed,
  renderRefused,
  renderAnswered,
}: DemoBankCheckProps) {
  const view = useQuery({
    queryKey: ['payments', paymentId, 'authentication'],
    queryFn: ({ signal }) => fetchAuthentication(paymentId, signal),
  });
  const answer = useMutation({
    mutationFn: (outcome: 'approve' | 'fail') => answerAuthentication(paymentId, outcome),
    onSuccess: onConfirmed,
  });

  if (answer.isError)
    return renderRefused(isApiError(answer.error) ? answer.error.detail : BANK_REFUSED);
  if (view.data && view.data.status !== 'requires_action') {
    const instead = renderAnswered();
    if (instead) return instead;
  }

  const data = view.data;
  return (
    <div className="rounded-3xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
      <p className="flex items-center gap-2 text-sm font-semibold tracking-widest text-brand-800 uppercase">
        <ShieldIcon className="h-5 w-5" />
        Demo Bank · Secure check
      </p>
      <h1 className="mt-3 font-display text-3xl font-semibold text-ink">Confirm your payment</h1>
      <p className="mt-2 text-muted">
        Your bank asks you to confirm this card payment. This is the demo bank: choose whether it
        approves the payment.
      </p>
      {view.isPending && (
        <div className="mt-4">
          <LoadingBlock label="Loading the payment…" rows={1} />
        </div>
      )}
      {view.isError && (
        <div className="mt-4">
          <ErrorPanel
            title="We couldn't load this payment"
            error={view.error}
            onRetry={() => void view.refetch()}
            retrying={view.isFetching}
          />
        </div>
      )}
      {data && (
        <>
          <dl className="mt-6 space-y-2 rounded-2xl bg-brand-50 p-4">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Merchant</dt>
              <dd className="font-semibold text-ink">{data.merchant}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Amount</dt>
              <dd className="font-semibold text-ink">{formatPence(data.amountPence)}</dd>
            </div>
            {data.cardLast4 && (
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Card</dt>
                <dd className="text-ink">{cardLabel(data.cardBrand, data.cardLast4)}</dd>
              </div>
            )}
            {data.purpose && (
              <div className="flex justify-between gap-4">
                <dt className="text-muted">For</dt>
                <dd className="text-right text-ink">{data.purpose}</dd>
              </div>
            )}
          </dl>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <button
              type="button"
              className={buttonClass('secondary', 'lg')}
              disabled={answer.isPending}
              onClick={() => answer.mutate('fail')}
            >
              Fail
            </button>
            <button
              type="button"
              className={buttonClass('primary', 'lg')}
              disabled={answer.isPending}
              onClick={() => answer.mutate('approve')}
            >
              {answer.isPending ? 'Confirming…' : 'Approve'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
