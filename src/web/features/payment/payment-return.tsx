import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingBlock } from '../../components/page-heading';

/**
 * Where a purchase's payment stands, asked of the server (which asks the provider) by the
 * purchase's own feature, and what that means for it: this page knows no purchase.
 */
export interface PaymentReturnCheck {
  /** The purchase's payment status: only its bank address is read here. */
  status: UseQueryResult<{ actionUrl: string | null }>;
  /** Paid: the purchase is already on its way to its own page, so this one only waits. */
  paid: boolean;
  /** Why the payment was not taken, in the customer's words, or null while it still may be. */
  refusal: string | null;
  /** What to show for a refused payment, given why. */
  renderRefused: (message: string) => ReactNode;
}

/**
 * /authorisation/confirm without ?payment=, back from a real provider's own authentication page
 * (Stripe returns with ?booking=… or ?gift_card=…): the outcome, or the way on.
 */
export function PaymentReturn({ status, paid, refusal, renderRefused }: PaymentReturnCheck) {
  if (status.isPending || paid) return <LoadingBlock label="Checking your payment…" rows={1} />;
  if (status.isError) {
    return (
      <ErrorPanel
        title="We couldn't check your payment"
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  if (refusal) return renderRefused(refusal);
  return (
    <PaymentNotFinished
      actionUrl={status.data.actionUrl}
      onCheckAgain={() => void status.refetch()}
    />
  );
}

/** Back from the bank with no answer yet: continue there, or ask again. */
function PaymentNotFinished({
  actionUrl,
  onCheckAgain,
}: {
  actionUrl: string | null;
  onCheckAgain: () => void;
}) {
  return (
    <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="font-display text-3xl font-semibold text-ink">Your payment is not finished</h1>
      <p className="mt-3 text-muted">
        Your bank has not confirmed the payment yet. Continue with your bank, or check again in a
        moment.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {actionUrl && (
          <a href={actionUrl} className={buttonClass('primary', 'lg')}>
            Continue with your bank
          </a>
        )}
        <button type="button" className={buttonClass('secondary', 'lg')} onClick={onCheckAgain}>
          Check again
        </button>
      </div>
    </div>
  );
}
