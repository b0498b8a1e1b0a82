import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { ukDateOf } from '../../../domain/uk-time';
import { buttonClass } from '../../components/button-styles';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/ui-store';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-fields';
import {
  bookingKeys,
  invalidateAfterBookingChange,
  rescheduleBooking,
  useAvailableDates,
  useAvailableTherapists,
  useBooking,
  type Booking,
} from './api';
import {
  bookingDays,
  firstName,
  formatLongDate,
  formatLongDateOfInstant,
  formatTime,
} from './booking-format';
import { DateCalendar } from './date-calendar';

function treatmentIdsOf(booking: Booking): string[] {
  return booking.items.map((i) => i.treatmentId);
}

function Times({
  booking,
  day,
  chosen,
  onChoose,
}: {
  booking: Booking;
  day: string;
  chosen: string | null;
  onChoose: (slot: string) => void;
}) {
  const therapists = useAvailableTherapists(booking.city, day, treatmentIdsOf(booking));
  const mine = therapists.data?.therapists.find((t) => t.id === booking.therapist.id);
  const slots = (mine?.meetsMinimumSpend ? mine.slots : []).filter((s) => s !== booking.startsAt);
  const first = firstName(booking.therapist.name);

  if (therapists.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        Finding {first}&rsquo;s free times…
      </p>
    );
  }
  if (therapists.isError) {
    return (
      <FormMessage tone="error">
        {isApiError(therapists.error) ? therapists.error.detail : 'We could not load the times.'}
      </FormMessage>
    );
  }
  if (slots.length === 0) {
    return (
      <p className="text-sm text-muted">{first} has no free time that day. Try another day.</p>
    );
  }
  return (
    <ul className="grid grid-cols-4 gap-2" aria-label={`Free times with ${booking.therapist.name}`}>
      {slots.map((slot) => (
        <li key={slot}>
          <button
            type="button"
            aria-pressed={slot === chosen}
            onClick={() => onChoose(slot)}
            className={`min-h-11 w-full rounded-xl text-sm font-semibold tabular-nums ${
              slot === chosen
                ? 'bg-brand-700 text-white'
                : 'border border-brand-200 bg-white text-brand-900 hover:bg-brand-50'
            }`}
          >
            {formatTime(slot)}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface RescheduleDialogProps {
  bookingId: string;
  open: boolean;
  onClose: () => void;
}

/** Another free time with the same therapist, for the same treatments. */
export function RescheduleDialog({ bookingId, open, onClose }: RescheduleDialogProps) {
  const headingId = useId();
  const client = useQueryClient();
  const booking = useBooking(open ? bookingId : null);
  const [days] = useState(() => bookingDays(Date.now()));
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);

  const move = useMutation({
    mutationFn: (startsAt: string) => rescheduleBooking(bookingId, startsAt),
    onSuccess: (_result, startsAt) => {
      invalidateAfterBookingChange(client, bookingId);
      notify({
        type: 'success',
        title: 'Appointment moved',
        message: `See you at ${formatTime(startsAt)} on ${formatLongDateOfInstant(startsAt)}.`,
      });
      onClose();
    },
    onError: (error) => {
      // Someone took the time, or it stopped being offered, while the dialog was open: show what
      // is free now. The server's words say which (below).
      if (isApiError(error) && (error.code === 'slot_taken' || error.code === 'slot_not_offered')) {
        setSlot(null);
        void client.invalidateQueries({ queryKey: bookingKeys.availability });
      }
    },
  });

  const data = booking.data;
  // Only the days this therapist has free time for these treatments can be chosen.
  const freeDays = useAvailableDates(data?.city ?? '', data ? treatmentIdsOf(data) : [], {
    therapistId: data?.therapist.id,
    enabled: Boolean(data?.canReschedule),
  });
  const available = useMemo(() => new Set(freeDays.data ?? []), [freeDays.data]);
  const bookedDay = data ? ukDateOf(Date.parse(data.startsAt), UK_TIME_ZONE) : null;
  // Until a day is chosen, the appointment's own day if it still has other free times.
  const shownDay = day ?? (bookedDay && available.has(bookedDay) ? bookedDay : null);

  return (
    <Dialog open={open} onClose={onClose} labelledBy={headingId} widthClass="max-w-lg">
      <h2
        id={headingId}
        tabIndex={-1}
        className="pr-10 font-display text-2xl font-semibold text-ink focus:outline-none"
      >
        Move this appointment
      </h2>
      {booking.isPending && (
        <p role="status" className="mt-3 text-muted">
          Loading your appointment…
        </p>
      )}
      {booking.isError && (
        <div className="mt-3">
          <FormMessage tone="error">
            {isApiError(booking.error) ? booking.error.detail : 'We could not load this booking.'}
          </FormMessage>
        </div>
      )}
      {data && !data.canReschedule && (
        <p className="mt-3 text-ink">
          This appointment can no longer be moved: appointments can be moved up to 24 hours before
          they start. You can still cancel it.
        </p>
      )}
      {data && data.canReschedule && (
        <div className="mt-3 space-y-4">
          <p className="text-ink">
            Now: {formatTime(data.startsAt)} on {formatLongDateOfInstant(data.startsAt)} with{' '}
            {data.therapist.name}. Choose a new day and time with {firstName(data.therapist.name)}.
          </p>
          {freeDays.isPending && (
            <p role="status" className="text-sm text-muted">
              Finding {firstName(data.therapist.name)}&rsquo;s free days…
            </p>
          )}
          {freeDays.isError && (
            <FormMessage tone="error">
              {isApiError(freeDays.error) ? freeDays.error.detail : 'We could not load the days.'}
            </FormMessage>
          )}
          {freeDays.isSuccess && available.size === 0 && (
            <p className="text-sm text-muted">
              {firstName(data.therapist.name)} has no other free time in the next 36 days. You can
              keep this time or cancel it.
            </p>
          )}
          {freeDays.isSuccess && available.size > 0 && (
            <DateCalendar
              days={days}
              available={available}
              selected={shownDay}
              label={`Days with ${data.therapist.name}`}
              unavailableLabel={`${firstName(data.therapist.name)} not free`}
              stacked
              onSelect={(d) => {
                setDay(d);
                setSlot(null);
              }}
            />
          )}
          {shownDay && (
            <div>
              <h3 className="mb-2 font-semibold text-ink">{formatLongDate(shownDay)}</h3>
              <Times booking={data} day={shownDay} chosen={slot} onChoose={setSlot} />
            </div>
          )}
        </div>
      )}
      {move.isError && (
        <div className="mt-4">
          <FormMessage tone="error">
            {isApiError(move.error) ? move.error.detail : 'Something went wrong. Please try again.'}
          </FormMessage>
        </div>
      )}
      {/* Stays in view under a long list of times, so the choice can be confirmed at once. */}
      <div className="sticky -bottom-5 -mx-5 mt-4 flex flex-col-reverse gap-3 border-t border-brand-100 bg-white px-5 pt-3 pb-5 sm:-bottom-8 sm:-mx-8 sm:flex-row sm:justify-end sm:px-8 sm:pb-8">
        <button type="button" className={buttonClass('ghost')} onClick={onClose}>
          Keep current time
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={!slot || move.isPending}
          onClick={() => slot && move.mutate(slot)}
        >
          {move.isPending ? 'Moving…' : slot ? `Move to ${formatTime(slot)}` : 'Choose a time'}
        </button>
      </div>
    </Dialog>
  );
}
