import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/ui-store';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-fields';
import { cancelBooking, invalidateAfterBookingChange, useBooking, type Booking } from './api';
import { formatLongDateOfInstant, formatTime } from './booking-format';

function refundText(booking: Booking): string {
  const { refundPence, refundPercent, cardRefundPence, walletRefundPence } = booking.cancellation;
  const paid = booking.amountDuePence + booking.creditAppliedPence;
  if (paid === 0)
    return 'Nothing has been paid for this appointment, so there is nothing to refund.';
  // The terms' own words (the same as the confirmation and its email), by the server's policy.
  if (refundPence === 0) return booking.terms?.lines[0] ?? 'There is no refund now.';
  const share = refundPercent >= 100 ? 'a full refund' : `${refundPercent}% back`;
  const where =
    cardRefundPence > 0 && walletRefundPence > 0
      ? ` (${formatPence(cardRefundPence)} to your card, ${formatPence(walletRefundPence)} to your wallet)`
      : walletRefundPence > 0
        ? ' to your wallet'
        : '';
  return `You get ${share}: ${formatPence(refundPence)}${where}.`;
}

interface CancelBookingDialogProps {
  bookingId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Cancel with the refund shown first, read fresh from the server when the dialog opens: the amount
 * depends on how long is left before the start, so a figure from an hour ago could be wrong.
 */
export function CancelBookingDialog({ bookingId, open, onClose }: CancelBookingDialogProps) {
  const headingId = useId();
  const client = useQueryClient();
  const booking = useBooking(open ? bookingId : null);
  const cancel = useMutation({
    mutationFn: () => cancelBooking(bookingId),
    onSuccess: (result) => {
      invalidateAfterBookingChange(client, bookingId);
      notify({
        type: 'success',
        title: 'Appointment cancelled',
        message:
          result.refundPence > 0
            ? `${formatPence(result.refundPence)} is on its way back to you.`
            : 'No refund was due.',
      });
      onClose();
    },
  });

  const data = booking.data;
  return (
    <Dialog open={open} onClose={onClose} labelledBy={headingId} widthClass="max-w-md">
      <h2
        id={headingId}
        tabIndex={-1}
        className="pr-10 font-display text-2xl font-semibold text-ink focus:outline-none"
      >
        Cancel this appointment?
      </h2>
      {booking.isPending && (
        <p role="status" className="mt-3 text-muted">
          Working out your refund…
        </p>
      )}
      {booking.isError && (
        <div className="mt-3">
          <FormMessage tone="error">
            {isApiError(booking.error) ? booking.error.detail : 'We could not load this booking.'}
          </FormMessage>
        </div>
      )}
      {data && (
        <div className="mt-3 space-y-3 text-ink">
          <p>
            {data.items.map((i) => i.name).join(', ')} with {data.therapist.name} on{' '}
            {formatLongDateOfInstant(data.startsAt)} at {formatTime(data.startsAt)}.
          </p>
          {data.cancellation.allowed ? (
            <p className="rounded-xl bg-brand-50 p-3 font-semibold" data-testid="refund-preview">
              {refundText(data)}
            </p>
          ) : (
            <p className="rounded-xl bg-brand-50 p-3">
              This appointment can no longer be cancelled.
            </p>
          )}
          {data.cancellation.refundPence > 0 && (
            <p className="text-sm text-muted">
              Card refunds usually show within 5 to 10 working days; wallet credit returns at once.
            </p>
          )}
        </div>
      )}
      {cancel.isError && (
        <div className="mt-3">
          <FormMessage tone="error">
            {isApiError(cancel.error)
              ? cancel.error.detail
              : 'Something went wrong. Please try again.'}
          </FormMessage>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('ghost')} onClick={onClose}>
          Keep appointment
        </button>
        <button
          type="button"
          className={`${buttonClass('primary')} bg-red-700 hover:bg-red-800 active:bg-red-900`}
          disabled={!data?.cancellation.allowed || cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel appointment'}
        </button>
      </div>
    </Dialog>
  );
}
