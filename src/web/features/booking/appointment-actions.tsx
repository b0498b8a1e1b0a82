import { useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { accountKeys } from '../../lib/query-keys';
import type { BookingTerms } from './api';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { useTermsRefresh } from './cancellation-terms';
import { RescheduleDialog } from './reschedule-dialog';

interface AppointmentActionsProps {
  booking: {
    id: string;
    status: string;
    cancellation?: { allowed: boolean } | null;
    canReschedule?: boolean;
    terms?: BookingTerms | null;
  };
}

/**
 * The terms as they stand now, then cancel and reschedule buttons, for an appointment card (the
 * card's `actions` slot). A button that is not offered says why in the terms above it, rather
 * than just being gone.
 */
export function AppointmentActions({ booking }: AppointmentActionsProps) {
  const [open, setOpen] = useState<'cancel' | 'reschedule' | null>(null);
  // The list's answer holds these terms: read it again when they change.
  useTermsRefresh(booking.terms, accountKeys.appointments);
  if (booking.status !== 'confirmed') return null;
  const canCancel = booking.cancellation?.allowed ?? true;
  // Unknown means ask: the dialog reads the booking and explains if moving is no longer possible.
  const canReschedule = booking.canReschedule ?? true;
  const lines = booking.terms?.lines ?? [];

  return (
    <>
      {lines.length > 0 && (
        <ul
          className="order-first basis-full space-y-0.5 text-sm text-muted"
          aria-label="Terms now"
        >
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {canReschedule && (
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => setOpen('reschedule')}
        >
          Reschedule
        </button>
      )}
      {canCancel && (
        <button type="button" className={buttonClass('ghost')} onClick={() => setOpen('cancel')}>
          Cancel booking
        </button>
      )}
      <CancelBookingDialog
        bookingId={booking.id}
        open={open === 'cancel'}
        onClose={() => setOpen(null)}
      />
      <RescheduleDialog
        bookingId={booking.id}
        open={open === 'reschedule'}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
