import { useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { ArrowRightIcon } from '../../components/icons';
import { NotFoundView } from '../../components/not-found-view';
import {
  ContinueBar,
  PlaceLine,
  PreferredTherapistNote,
  TreatmentPicker,
  useAbandonHoldOnArrival,
  useBasket,
  useBookingStore,
  useCityName,
  useCitySelection,
} from '../../features/booking';
import { LoadingBlock, StepHeading } from '../../components/page-heading';
import { saveChosenCity, useCityTreatments } from '../../features/catalogue';
import { useProfessional } from '../../features/professionals';
import { isApiError } from '../../lib/api';

export default function SelectTreatmentsPage() {
  useAbandonHoldOnArrival();
  const { city = '' } = useParams();
  const { pathname } = useLocation();
  const treatments = useCityTreatments(city);
  const name = useCityName(city);
  const reconcile = useBookingStore((s) => s.reconcile);
  const { items, total } = useBasket(city);
  // "Book with {name}": only their treatments, checked against the basket (their profile says).
  const { preferredTherapist } = useCitySelection(city);
  const profile = useProfessional(preferredTherapist?.username ?? '', {
    enabled: preferredTherapist !== null,
  });
  const offered = preferredTherapist ? profile.data : undefined;
  const clearPreferred = useBookingStore((s) => s.clearPreferredTherapist);
  const gone = isApiError(profile.error) && profile.error.isNotFound;
  // No longer bookable (their page is gone): everyone's treatments, as for any booking.
  useEffect(() => {
    if (gone) clearPreferred();
  }, [gone, clearPreferred]);
  const only = useMemo(() => offered && new Set(offered.treatments.map((t) => t.id)), [offered]);
  const offer = offered && {
    treatmentIds: offered.treatments.map((t) => t.id),
    minimumSpendPence: offered.minimumSpendPence,
  };
  // Until it is read, the whole menu would flash and then shrink.
  const waiting = preferredTherapist !== null && profile.isPending;

  useEffect(() => {
    if (!treatments.data) return;
    reconcile(city, treatments.data);
    saveChosenCity({ slug: city, name });
  }, [treatments.data, reconcile, city, name]);

  if (treatments.isError && isApiError(treatments.error) && treatments.error.isNotFound) {
    return <NotFoundView path={pathname} />;
  }

  return (
    <>
      <StepHeading title="Choose your treatments" eyebrow={name}>
        Add one or more treatments. Add-ons appear once you choose the treatment they go with.
      </StepHeading>
      {/* Asked first, since the therapists travel to it; not where nobody works yet. */}
      {!(treatments.isSuccess && treatments.data.length === 0) && <PlaceLine city={city} ask />}
      <PreferredTherapistNote city={city} step="treatments" offer={offer} />
      {(treatments.isPending || waiting) && <LoadingBlock label="Loading treatments…" rows={5} />}
      {treatments.isError && (
        <ErrorPanel
          title="We couldn't load the treatments"
          error={treatments.error}
          onRetry={() => void treatments.refetch()}
          retrying={treatments.isFetching}
        />
      )}
      {treatments.isSuccess && treatments.data.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-muted shadow-sm">
          Our therapists in {name} are getting ready. Please check back soon.
        </p>
      )}
      {treatments.isSuccess && treatments.data.length > 0 && !waiting && (
        <>
          <TreatmentPicker city={city} treatments={treatments.data} only={only} />
          <ContinueBar>
            <p className="text-sm text-muted" aria-live="polite">
              {items.length === 0 ? (
                'Nothing chosen yet'
              ) : (
                <>
                  <span className="font-semibold text-ink">
                    {items.length} {items.length === 1 ? 'treatment' : 'treatments'}
                  </span>{' '}
                  · {formatPence(total.totalPricePence)}
                </>
              )}
            </p>
            {items.length > 0 ? (
              <Link
                to={`/${city}/select-date`}
                className={`${buttonClass('primary', 'lg')} shrink-0 whitespace-nowrap`}
              >
                Choose a date
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
            ) : (
              <button
                type="button"
                disabled
                className={`${buttonClass('primary', 'lg')} shrink-0 whitespace-nowrap`}
              >
                Choose a date
                <ArrowRightIcon className="h-5 w-5" />
              </button>
            )}
          </ContinueBar>
        </>
      )}
    </>
  );
}
