import { useEffect } from 'react';
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
} from '../../features/booking';
import { LoadingBlock, StepHeading } from '../../components/page-heading';
import { saveChosenCity, useCityTreatments } from '../../features/catalogue';
import { isApiError } from '../../lib/api';

export default function SelectTreatmentsPage() {
  useAbandonHoldOnArrival();
  const { city = '' } = useParams();
  const { pathname } = useLocation();
  const treatments = useCityTreatments(city);
  const name = useCityName(city);
  const reconcile = useBookingStore((s) => s.reconcile);
  const { items, total } = useBasket(city);

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
      <PreferredTherapistNote city={city} />
      {treatments.isPending && <LoadingBlock label="Loading treatments…" rows={5} />}
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
      {treatments.isSuccess && treatments.data.length > 0 && (
        <>
          <TreatmentPicker city={city} treatments={treatments.data} />
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
