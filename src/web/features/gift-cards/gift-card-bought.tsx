import { Link } from 'react-router';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { CheckCircleIcon } from '../../components/icons';
import { LoadingBlock } from '../../components/page-heading';
import { useCurrentCustomer } from '../auth';
import { useGiftCardPurchases } from './api';
import { purchaseStatusText } from './purchase-status';

/** After paying (at once, or back from the bank): the card as the server has it. */
export function GiftCardBought({ giftCardId }: { giftCardId: string }) {
  const { status } = useCurrentCustomer();
  const purchases = useGiftCardPurchases(status === 'signed-in');

  if (status === 'signed-out')
    return (
      <p className="rounded-3xl bg-white p-6 text-muted shadow-sm">
        Sign in to see the gift cards you have bought.
      </p>
    );
  if (purchases.isPending) return <LoadingBlock label="Loading your gift card…" rows={1} />;
  if (purchases.isError)
    return (
      <ErrorPanel
        title="We couldn't load your gift card"
        error={purchases.error}
        onRetry={() => void purchases.refetch()}
        retrying={purchases.isFetching}
      />
    );
  const card = purchases.data.find((c) => c.id === giftCardId);
  const paid = card && card.status !== 'awaiting_payment';

  return (
    <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      {paid ? (
        <div role="status">
          <CheckCircleIcon className="h-10 w-10 text-emerald-700" />
          <h2 className="mt-3 font-display text-3xl font-semibold text-ink">
            Thank you: your gift card is bought
          </h2>
          <p className="mt-3 text-ink">
            {formatPence(card.amountPence)} for {card.recipientName ?? 'your recipient'}
            {card.recipientEmail ? ` (${card.recipientEmail})` : ''}.
          </p>
          <p className="mt-1 text-muted">{purchaseStatusText(card)}.</p>
          {card.codeLast4 && (
            <p className="mt-1 text-sm text-muted">
              Its code ends in <span className="font-mono font-semibold">{card.codeLast4}</span>;
              only the recipient gets the whole code. We have emailed you a receipt.
            </p>
          )}
        </div>
      ) : (
        <div>
          <h2 className="font-display text-3xl font-semibold text-ink">
            This gift card is not paid for yet
          </h2>
          <p className="mt-3 text-muted">
            {card
              ? 'Your bank has not confirmed the payment yet.'
              : 'We could not find this gift card among yours.'}
          </p>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/account/wallet" className={buttonClass('primary', 'lg')}>
          See your gift cards
        </Link>
        <Link to="/gift-cards" className={buttonClass('secondary', 'lg')}>
          Buy another gift card
        </Link>
      </div>
    </div>
  );
}
