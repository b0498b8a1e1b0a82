import { CalendarIcon, HomeIcon } from '../../components/icons';
import type { Booking } from './api';
import { addressLine, formatLongDateOfInstant, formatTime } from './booking-format';
import { TherapistPhoto } from '../../components/therapist-photo';

/** Who, when and where: the same block on the hold summary and the confirmation. */
export function AppointmentDetails({ booking }: { booking: Booking }) {
  const address = booking.address;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <TherapistPhoto
          photoUrl={booking.therapist.photoUrl}
          alt=""
          pixels={48}
          className="h-12 w-12"
        />
        <p className="font-semibold text-ink">{booking.therapist.name}</p>
      </div>
      <p className="flex items-start gap-2 text-ink">
        <CalendarIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <span>
          {formatLongDateOfInstant(booking.startsAt)}, {formatTime(booking.startsAt)} to{' '}
          {formatTime(booking.endsAt)}
        </span>
      </p>
      {address && (
        <p className="flex items-start gap-2 text-ink">
          <HomeIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>{addressLine(address)}</span>
        </p>
      )}
    </div>
  );
}
