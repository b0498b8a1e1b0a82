import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatPence } from '../../../domain/format';
import { FormMessage } from '../../components/form-fields';
import { isApiError } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';
import { bookingKeys, setBookingCredit, type HeldBooking } from './api';

interface WalletCreditSwitchProps {
  bookingId: string;
  creditAppliedPence: number;
  /** What the wallet could put towards this booking, as the server last said: at most its price. */
  availablePence: number;
  /** The wallet's balance (less what other waiting bookings hold), of which that is a part. */
  balancePence: number;
  onChanged: (held: HeldBooking) => void;
  /** A payment is under way: its amount is fixed until it is decided, so the switch waits. */
  locked?: boolean;
}

/**
 * What the switch says: how much of the balance this booking takes (or can take) and the balance,
 * never the booking's share alone called "available" (issue 33: £100 of credit read "£65.00
 * available" on a £65 booking).
 */
export function creditWords(sharePence: number, balancePence: number, using: boolean): string {
  const share = formatPence(sharePence);
  if (balancePence > sharePence) {
    const balance = formatPence(balancePence);
    return using
      ? `${share} of your ${balance} balance goes towards this booking.`
      : `This booking can use ${share} of your ${balance} balance.`;
  }
  return using
    ? `Your ${share} balance goes towards this booking.`
    : `This booking can use your ${share} balance.`;
}

/**
 * Wallet credit at checkout: on by default when there is some (the hold applies it), and the
 * customer may keep it for later. The server works out the amounts; this only asks.
 */
export function WalletCreditSwitch({
  bookingId,
  creditAppliedPence,
  availablePence,
  balancePence,
  onChanged,
  locked = false,
}: WalletCreditSwitchProps) {
  const client = useQueryClient();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  // What the customer just asked for, shown at once rather than after the server's answer.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: (useCredit: boolean) => setBookingCredit(bookingId, useCredit),
    onSuccess: (held) => {
      setError(null);
      onChanged(held);
      void client.invalidateQueries({ queryKey: bookingKeys.booking(bookingId) });
      void client.invalidateQueries({ queryKey: accountKeys.me });
    },
    onError: (e) =>
      setError(isApiError(e) ? e.detail : 'We could not change that. Please try again.'),
    onSettled: () => setWanted(null),
  });
  if (availablePence <= 0 && creditAppliedPence <= 0) return null;

  const using = wanted ?? creditAppliedPence > 0;
  return (
    <div className="rounded-2xl border border-brand-100 bg-blush p-4">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          checked={using}
          disabled={change.isPending || locked}
          aria-describedby={hintId}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setWanted(next);
            change.mutate(next);
          }}
        />
        <span>
          <span className="font-semibold text-ink">Use my wallet credit</span>
          <span id={hintId} className="block text-sm text-muted">
            {creditWords(using ? creditAppliedPence : availablePence, balancePence, using)}
          </span>
        </span>
      </label>
      {error && (
        <div className="mt-3">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </div>
  );
}
