import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import {
  bookingDays,
  DateCalendar,
  formatLongDate,
  NoDatesPanel,
  PlaceLine,
  placeProblem,
  PreferredTherapistNote,
  StepGuard,
  useAbandonHoldOnArrival,
  useBookingStore,
  useCitySelection,
  useDateSearch,
} from '../../features/booking';
import { LoadingBlock, StepHeading } from '../../components/page-heading';

function SelectDate({ city }: { city: string }) {
  useAbandonHoldOnArrival();
  const { selectedTreatments, selectedDate, place, preferredTherapist } = useCitySelection(city);
  const setDate = useBookingStore((s) => s.setDate);
  const navigate = useNavigate();
  // With a chosen therapist, their days only ("Book with anyone" in their note shows everyone's).
  const dates = useDateSearch(city, selectedTreatments, {
    postcode: place?.postcode,
    therapistId: preferredTherapist?.id,
  });
  // A postcode the server refused is said at its field, which then stands in for the calendar.
  const problem = placeProblem(dates.error);
  // The window is fixed when the page opens; a page left open past midnight keeps its days.
  const [days] = useState(() => bookingDays(Date.now()));
  const available = useMemo(() => new Set(dates.data?.dates ?? []), [dates.data]);

  return (
    <>
      <StepHeading title="Choose a date">
        Days with a free therapist for your treatments can be chosen; the others are fully booked.
      </StepHeading>
      <PlaceLine city={city} problem={problem} />
      <PreferredTherapistNote city={city} step="date" />
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
        <NoDatesPanel
          city={city}
          why={dates.data.whyNoDates ?? { reason: 'none_free' }}
          ofPreferred={preferredTherapist !== null}
        />
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
