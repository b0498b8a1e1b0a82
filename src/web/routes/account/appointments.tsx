import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { CalendarIcon } from '../../components/icons';
import {
  AppointmentCard,
  type Booking,
  groupAppointments,
  useAppointments,
} from '../../features/account';
import { canBookAgain } from '../../../domain/rebook';
import { AddToCalendarLink, AppointmentActions, BookAgain } from '../../features/booking';
import { PageTitle } from '../../components/section-card';
import { OfflineAppointment, useRememberNextAppointment } from '../../features/pwa';
import { TipSection } from '../../features/tips';
import { isApiError } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

function Group({
  title,
  bookings,
  empty,
  upcoming = false,
}: {
  title: string;
  bookings: Booking[];
  empty: string;
  /** Still to come: each one offers "Add to calendar" beside cancel and reschedule. */
  upcoming?: boolean;
}) {
  const id = `appointments-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl font-semibold text-ink">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-5 text-sm text-muted shadow-sm">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <AppointmentCard
                booking={booking}
                actions={
                  booking.status === 'confirmed' ? (
                    <>
                      {upcoming && <AddToCalendarLink bookingId={booking.id} />}
                      <AppointmentActions booking={booking} />
                    </>
                  ) : canBookAgain(booking.status) ? (
                    <>
                      <BookAgain booking={booking} />
                      {booking.status === 'completed' && <TipSection booking={booking} />}
                    </>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AppointmentsPage() {
  const appointments = useAppointments();
  // Until the bookings side is deployed there is no list: nobody has appointments yet then.
  const missing =
    appointments.isError && isApiError(appointments.error) && appointments.error.status === 404;
  const answer = missing ? { upcoming: [], past: [] } : appointments.data;
  const data = answer && groupAppointments(answer);
  const offline =
    appointments.isError && isApiError(appointments.error) && appointments.error.isNetworkError;
  const queryClient = useQueryClient();
  useRememberNextAppointment(appointments.data?.upcoming);
  // Back online, the account layout must learn who is signed in too: it let this page through.
  const retry = () => {
    void queryClient.refetchQueries({ queryKey: accountKeys.me, exact: true });
    void appointments.refetch();
  };

  return (
    <>
      <title>Appointments · Glow at Home</title>
      <PageTitle title="Appointments" intro="Your upcoming treatments and the ones you've had." />
      {appointments.isPending && <p className="text-muted">Loading your appointments…</p>}
      {offline && <OfflineAppointment onRetry={retry} retrying={appointments.isFetching} />}
      {appointments.isError && !missing && !offline && (
        <ErrorPanel
          title="We couldn't load your appointments"
          error={appointments.error}
          onRetry={() => void appointments.refetch()}
          retrying={appointments.isFetching}
        />
      )}
      {data && (
        <div className="space-y-8">
          {data.upcoming.length === 0 && data.past.length === 0 && data.cancelled.length === 0 ? (
            <div className="rounded-3xl bg-white p-6 text-center shadow-sm sm:p-10">
              <CalendarIcon className="mx-auto h-10 w-10 text-brand-400" />
              <p className="mt-3 font-semibold text-ink">No appointments yet</p>
              <p className="mt-1 text-sm text-muted">
                When you book a treatment it appears here, with everything you need for the day.
              </p>
              <Link to="/?city=reset" className={`${buttonClass('primary')} mt-5`}>
                Book a treatment
              </Link>
            </div>
          ) : (
            <>
              <Group
                title="Upcoming"
                bookings={data.upcoming}
                empty="Nothing booked yet. Your next treatment will appear here."
                upcoming
              />
              <Group title="Past" bookings={data.past} empty="No past appointments." />
              {data.cancelled.length > 0 && (
                <Group title="Cancelled" bookings={data.cancelled} empty="" />
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}
