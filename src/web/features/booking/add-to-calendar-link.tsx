import { buttonClass } from '../../components/button-styles';
import { CalendarIcon } from '../../components/icons';

/** GET /api/bookings/:id/calendar.ics: the booking's event, the same one its emails carry. */
export const bookingCalendarPath = (bookingId: string) =>
  `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;

/**
 * "Add to calendar": downloads the booking's .ics, which calendar apps open as an event. Importing
 * it after the email's file (or again after a move) updates one event rather than adding another.
 */
export function AddToCalendarLink({
  bookingId,
  size = 'md',
}: {
  bookingId: string;
  size?: 'md' | 'lg';
}) {
  return (
    <a href={bookingCalendarPath(bookingId)} download className={buttonClass('secondary', size)}>
      <CalendarIcon className="h-4 w-4" />
      Add to calendar
    </a>
  );
}
