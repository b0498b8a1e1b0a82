import { useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleDialog } from './reschedule-dialog';

interface AppointmentActionsProps {
  booking: {
    id: string;
    status: string;
    cancellation?: { allowed: boolean } | null;
    canReschedule?: boolean;
  };
}

/** Cancel and reschedule buttons for an appointment card (the card's `actions` slot). */
export function AppointmentActions({ booking }: AppointmentActionsProps) {
  const [open, setOpen] = useState<'cancel' | 'reschedule' | null>(null);
  if (booking.status !== 'confirmed') return null;
  const canCancel = booking.cancellation?.allowed ?? true;
  // Unknown means ask: the dialog reads the booking and explains if moving is no longer possible.
  const canReschedule = booking.canReschedule ?? true;
  if (!canCancel && !canReschedule) return null;

  return (
    <>
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
