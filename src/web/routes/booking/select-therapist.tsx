import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import {
  type AvailableTherapist,
  firstName,
  formatLongDate,
  NoDatesPanel,
  OutOfReachNote,
  PlaceLine,
  placeProblem,
  PreferredTherapistNote,
  splitPreferred,
  StepGuard,
  TherapistCard,
  useAbandonHoldOnArrival,
  useAvailableTherapists,
  useBookingStore,
  useCitySelection,
  useDateSearch,
} from '../../features/booking';
import { LoadingBlock, StepHeading } from '../../components/page-heading';
import { favouritesFirst } from '../../../domain/favourites';
import { useFavouriteIds } from '../../features/favourites';
import { JoinWaitlist } from '../../features/waitlist';

function SelectTherapist({ city }: { city: string }) {
  useAbandonHoldOnArrival();
  const {
    selectedTreatments,
    selectedDate,
    selectedTime,
    selectedTherapist,
    preferredTherapist,
    place,
  } = useCitySelection(city);
  const setSlot = useBookingStore((s) => s.setSlot);
  const navigate = useNavigate();
  const therapists = useAvailableTherapists(
    city,
    selectedDate,
    selectedTreatments,
    place?.postcode ?? null,
  );
  const listed = therapists.data?.therapists ?? [];
  const bookable = listed.filter((t) => t.meetsMinimumSpend);
  const noneThatDay = therapists.isSuccess && bookable.length === 0;
  // Nobody that day (a business account just signed in, say): is there any day at all, and if
  // not, why? The date step's answer, usually already at hand.
  const anyDay = useDateSearch(city, selectedTreatments, {
    postcode: place?.postcode,
    enabled: noneThatDay,
  });
  const whyNoDays = noneThatDay ? anyDay.data?.whyNoDates : null;
  const favouriteIds = useFavouriteIds();
  const split = splitPreferred(listed, preferredTherapist?.username ?? null);
  const { preferred } = split;
  // Favourites who can take the booking come first; only the order changes (decision 0088).
  const others = favouritesFirst(split.others, favouriteIds);
  // A postcode the server refused is said at its field, which then stands in for the list.
  const problem = placeProblem(therapists.error);
  const outOfReach = therapists.data?.place && (
    <OutOfReachNote
      count={therapists.data.outOfReachCount}
      district={therapists.data.place.district}
      othersListed={listed.length > 0}
    />
  );
  const card = (therapist: AvailableTherapist) => (
    <TherapistCard
      key={therapist.id}
      therapist={therapist}
      city={city}
      selectedTime={selectedTherapist?.id === therapist.id ? selectedTime : null}
      onChoose={(time) => {
        setSlot(
          city,
          {
            id: therapist.id,
            name: therapist.name,
            username: therapist.username,
            photoUrl: therapist.photoUrl,
          },
          time,
        );
        void navigate(`/${city}/confirm-booking`);
      }}
    />
  );

  return (
    <>
      <StepHeading title="Choose a therapist and time">
        {selectedDate && (
          <>
            On <span className="font-semibold text-ink">{formatLongDate(selectedDate)}</span>.{' '}
            <Link
              to={`/${city}/select-date`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Change date
            </Link>
          </>
        )}
      </StepHeading>
      <PlaceLine city={city} problem={problem} />
      <PreferredTherapistNote city={city} step="therapist" />
      {therapists.isPending && <LoadingBlock label="Finding free therapists…" />}
      {therapists.isError && !problem && (
        <ErrorPanel
          title="We couldn't load the therapists"
          error={therapists.error}
          onRetry={() => void therapists.refetch()}
          retrying={therapists.isFetching}
        />
      )}
      {whyNoDays && <NoDatesPanel city={city} why={whyNoDays} ofPreferred={false} />}
      {noneThatDay && !whyNoDays && (
        <div className="mb-4 rounded-2xl bg-white p-6 shadow-sm">
          <p className="font-semibold text-ink">
            {place
              ? `Nobody who can reach ${place.postcode} is free that day for these treatments.`
              : 'Nobody is free that day for these treatments.'}
          </p>
          {listed.length === 0 && outOfReach}
          <Link to={`/${city}/select-date`} className={`${buttonClass('secondary')} mt-4`}>
            Choose another date
          </Link>
        </div>
      )}
      {therapists.isSuccess && preferredTherapist && (
        <section aria-labelledby="preferred-heading" className="mb-8">
          <h2 id="preferred-heading" className="mb-3 font-display text-xl font-semibold text-ink">
            Your chosen therapist
          </h2>
          {preferred ? (
            <ul className="space-y-4">{card(preferred)}</ul>
          ) : (
            <div className="rounded-2xl bg-white p-5 shadow-sm">
              <p className="text-ink">
                {firstName(preferredTherapist.name)} has no free time that day for these treatments.
                {others.length > 0 ? ' Choose another date, or someone else below.' : ''}
              </p>
              <Link to={`/${city}/select-date`} className={`${buttonClass('secondary')} mt-4`}>
                Choose another date
              </Link>
            </div>
          )}
        </section>
      )}
      {therapists.isSuccess && others.length > 0 && (
        <section aria-labelledby={preferredTherapist ? 'others-heading' : undefined}>
          {preferredTherapist && (
            <h2 id="others-heading" className="mb-3 font-display text-xl font-semibold text-ink">
              Other therapists free that day
            </h2>
          )}
          <ul className="space-y-4">{others.map(card)}</ul>
        </section>
      )}
      {listed.length > 0 && outOfReach}
      {therapists.isSuccess && !whyNoDays && (
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
          <JoinWaitlist
            city={city}
            treatmentIds={selectedTreatments}
            therapist={preferredTherapist}
            date={selectedDate}
            prompt="No time that suits you?"
          />
        </div>
      )}
    </>
  );
}

export default function SelectTherapistPage() {
  const { city = '' } = useParams();
  return (
    <StepGuard city={city} step="select-therapist">
      <SelectTherapist city={city} />
    </StepGuard>
  );
}
