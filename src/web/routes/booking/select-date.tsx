import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import {
  bookingDays,
  DateCalendar,
  formatLongDate,
  PlaceLine,
  placeProblem,
  StepGuard,
  useAbandonHoldOnArrival,
  useAvailableDates,
  useBookingStore,
  useCitySelection,
} from '../../features/booking';
import { LoadingBlock, StepHeading } from '../../components/page-heading';

function SelectDate({ city }: { city: string }) {
  useAbandonHoldOnArrival();
  const { selectedTreatments, selectedDate, place } = useCitySelection(city);
  const setDate = useBookingStore((s) => s.setDate);
  const navigate = useNavigate();
  const dates = useAvailableDates(city, selectedTreatments, { postcode: place?.postcode });
  // A postcode the server refused is said at its field, which then stands in for the calendar.
  const problem = placeProblem(dates.error);
  // The window is fixed when the page opens; a page left open past midnight keeps its days.
  const [days] = useState(() => bookingDays(Date.now()));
  const available = useMemo(() => new Set(dates.data ?? []), [dates.data]);

  return (
    <>
      <StepHeading title="Choose a date">
        Days with a free therapist for your treatments can be chosen; the others are fully booked.
      </StepHeading>
      <PlaceLine city={city} problem={problem} />
      {dates.isPending && <LoadingBlock label="Finding free days…" rows={2} />}
      {dates.isError && !problem && (
        <ErrorPanel
          title="We couldn't check which days are free"
          error={dates.error}
          onRetry={() => void dates.refetch()}
          retrying={dates.isFetching}
        />
      )}
      {dates.isSuccess && available.size === 0 && (
        <div className="mb-6 rounded-2xl bg-white p-6 shadow-sm">
          <p className="font-semibold text-ink">
            {place
              ? `No therapist who can reach ${place.postcode} is free for these treatments in the next 36 days.`
              : 'No therapist is free for these treatments in the next 36 days.'}
          </p>
          <p className="mt-1 text-muted">
            Try fewer or different treatments: some therapists only offer certain ones.
          </p>
          <Link to={`/${city}/select-treatments`} className={`${buttonClass('secondary')} mt-4`}>
            Change treatments
          </Link>
        </div>
      )}
      {dates.isSuccess && (
        <>
          {selectedDate && available.has(selectedDate) && (
            <p className="mb-4 text-sm text-muted">
              Chosen: <span className="font-semibold text-ink">{formatLongDate(selectedDate)}</span>
            </p>
          )}
          <DateCalendar
            days={days}
            available={available}
            selected={selectedDate}
            onSelect={(date) => {
              setDate(city, date);
              void navigate(`/${city}/select-therapist`);
            }}
          />
        </>
      )}
    </>
  );
}

export default function SelectDatePage() {
  const { city = '' } = useParams();
  return (
    <StepGuard city={city} step="select-date">
      <SelectDate city={city} />
    </StepGuard>
  );
}
