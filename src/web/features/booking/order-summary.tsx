import { formatPence } from '../../../domain/format';
import type { Booking } from './api';
import { formatDuration } from './booking-format';

interface OrderSummaryProps {
  booking: Pick<
    Booking,
    | 'items'
    | 'totalPricePence'
    | 'creditAppliedPence'
    | 'referralDiscountPence'
    | 'amountDuePence'
    | 'refundedPence'
  >;
  /** Who referred the customer, to name the referral credit. */
  referrerName?: string | undefined;
  /** What the last line is called: "Amount to pay" before paying, "Paid" after. */
  dueLabel?: string;
}

/** Every item with the server's prices, then credit and what is left to pay. */
export function OrderSummary({
  booking,
  dueLabel = 'Amount to pay',
  referrerName,
}: OrderSummaryProps) {
  const { items, totalPricePence, creditAppliedPence, amountDuePence, refundedPence } = booking;
  const { referralDiscountPence } = booking;
  return (
    <div>
      <ul className="divide-y divide-brand-100">
        {items.map((item, i) => (
          <li key={`${item.name}-${i}`} className="flex items-start justify-between gap-4 py-2.5">
            <div>
              <p className="font-medium text-ink">{item.name}</p>
              <p className="text-sm text-muted">{formatDuration(item.durationMinutes)}</p>
            </div>
            <p className="font-medium text-ink">{formatPence(item.pricePence)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1.5 border-t border-brand-200 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Total price</dt>
          <dd className="text-ink">{formatPence(totalPricePence)}</dd>
        </div>
        {referralDiscountPence > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">
              {referrerName ? `Referral credit from ${referrerName}` : 'Referral credit'}
            </dt>
            <dd className="text-ink">−{formatPence(referralDiscountPence)}</dd>
          </div>
        )}
        {/* No credit used, no line: "Wallet credit £0.00" only adds noise for someone with none. */}
        {creditAppliedPence > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Wallet credit</dt>
            <dd className="text-ink">−{formatPence(creditAppliedPence)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 pt-1 text-base font-semibold">
          <dt className="text-ink">{dueLabel}</dt>
          <dd className="text-ink">{formatPence(amountDuePence)}</dd>
        </div>
        {refundedPence > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Refunded</dt>
            <dd className="text-ink">{formatPence(refundedPence)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
