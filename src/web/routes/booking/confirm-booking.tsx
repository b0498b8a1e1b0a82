import { useParams, useSearchParams } from 'react-router';
import { BookingConfirmation, Checkout, PlaceLine, StepGuard } from '../../features/booking';
import { StepHeading } from '../../components/page-heading';
import { InstallCard } from '../../features/pwa';

/**
 * Confirm and pay; after payment the same route shows the confirmation as ?booking=<id>, so the
 * confirmation survives a reload after the selection has been cleared.
 */
export default function ConfirmBookingPage() {
  const { city = '' } = useParams();
  const [params] = useSearchParams();
  const bookingId = params.get('booking');

  // A customer who has just booked is the one likely to come back: the moment to offer the app.
  if (bookingId)
    return <BookingConfirmation bookingId={bookingId} afterConfirmed={<InstallCard />} />;
  return (
    <StepGuard city={city} step="confirm-booking">
      <StepHeading title="Confirm and pay" />
      <PlaceLine city={city} />
      <Checkout city={city} />
    </StepGuard>
  );
}
