import { Link } from 'react-router';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDateOfInstant, formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { SparkleIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { paymentActionTarget } from '../payment';
import { useGiftCardPurchases, type GiftCardPurchase } from './api';
import { purchaseStatusText } from './purchase-status';

const BADGE: Record<GiftCardPurchase['status'], string> = {
  awaiting_payment: 'bg-amber-50 text-amber-900',
  scheduled: 'bg-sky-50 text-sky-900',
  sending: 'bg-sky-50 text-sky-900',
  sent: 'bg-emerald-50 text-emerald-900',
  not_delivered: 'bg-red-50 text-red-900',
  redeemed: 'bg-brand-50 text-brand-900',
  refunded: 'bg-slate-100 text-slate-800',
};

function FinishPaying({ actionUrl }: { actionUrl: string }) {
  const target = paymentActionTarget(actionUrl, window.location.origin);
  const className = `${buttonClass('secondary')} mt-3`;
  if (target.kind === 'in-app')
    return (
      <Link to={target.path} className={className}>
        Finish paying
      </Link>
    );
  if (target.kind === 'external')
    return (
      <a href={target.url} className={className}>
        Finish paying
      </a>
    );
  return null;
}

function Purchase({ card }: { card: GiftCardPurchase }) {
  return (
    <li className="rounded-2xl border border-brand-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-ink">{formatPence(card.amountPence)} gift card</p>
        <p className={`rounded-full px-3 py-0.5 text-sm font-medium ${BADGE[card.status]}`}>
          {purchaseStatusText(card)}
        </p>
      </div>
      <p className="mt-1 break-words text-sm text-ink">
        For {card.recipientName ?? 'a recipient who has since deleted their account'}
        {card.recipientEmail && <span className="text-muted"> · {card.recipientEmail}</span>}
      </p>
      {card.message && (
        <p className="mt-1 line-clamp-2 text-sm break-words text-muted italic">“{card.message}”</p>
      )}
      <p className="mt-1 text-sm text-muted">
        Bought {formatLongDateOfInstant(Date.parse(card.createdAt), UK_TIME_ZONE)}
        {card.codeLast4 && (
          <>
            {' '}
            · Code ends in <span className="font-mono text-ink">{card.codeLast4}</span>
          </>
        )}
      </p>
      {card.status === 'awaiting_payment' && card.actionUrl && (
        <FinishPaying actionUrl={card.actionUrl} />
      )}
    </li>
  );
}

/** The gift cards the customer bought, on the wallet page: where each one stands. */
export function GiftCardPurchases() {
  const purchases = useGiftCardPurchases();
  return (
    <SectionCard
      title="Gift cards you bought"
      description="Only the recipient gets the whole code; you see its last four characters."
    >
      {purchases.isPending && <p className="text-sm text-muted">Loading your gift cards…</p>}
      {purchases.isError && (
        <ErrorPanel
          title="We couldn't load your gift cards"
          error={purchases.error}
          onRetry={() => void purchases.refetch()}
          retrying={purchases.isFetching}
        />
      )}
      {purchases.data && purchases.data.length === 0 && (
        <p className="flex gap-3 rounded-2xl bg-blush p-4 text-sm">
          <SparkleIcon className="h-5 w-5 shrink-0 text-brand-700" />
          You have not bought any gift cards yet. A treatment at home makes a lovely present.
        </p>
      )}
      {purchases.data && purchases.data.length > 0 && (
        <ul className="space-y-3">
          {purchases.data.map((card) => (
            <Purchase key={card.id} card={card} />
          ))}
        </ul>
      )}
      <Link to="/gift-cards" className={`${buttonClass('secondary')} mt-4`}>
        Buy a gift card
      </Link>
    </SectionCard>
  );
}
