import { useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonClass } from '../components/button-styles';
import { ErrorPanel } from '../components/error-panel';
import { ArrowLeftIcon, ArrowRightIcon, MapPinIcon } from '../components/icons';
import { NotFoundView } from '../components/not-found-view';
import {
  CategoryNav,
  type City,
  groupTreatments,
  saveChosenCity,
  TreatmentMenu,
  useCities,
  useCityTreatments,
} from '../features/catalogue';
import { isApiError } from '../lib/api';

// Same rule as the server's city slugs: anything else cannot be a city, so skip the request.
const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function MenuSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      <div className="h-8 w-40 animate-pulse rounded-lg bg-brand-100" />
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="h-44 animate-pulse rounded-2xl bg-white shadow-sm" />
        ))}
      </div>
    </div>
  );
}

function CityMenu({ slug }: { slug: string }) {
  const cities = useCities();
  const treatments = useCityTreatments(slug);
  const categories = useMemo(() => groupTreatments(treatments.data ?? []), [treatments.data]);
  const { pathname } = useLocation();

  const city: City | null = cities.data?.find((c) => c.slug === slug) ?? null;
  // Until the city list arrives, the slug stands in: right for nearly every city we serve.
  const name = city?.name ?? nameFromSlug(slug);

  // Remember the city once we know it exists, so home can offer it next time.
  useEffect(() => {
    if (city && treatments.isSuccess) saveChosenCity(city);
  }, [city, treatments.isSuccess]);

  if (treatments.isError && isApiError(treatments.error) && treatments.error.isNotFound) {
    return <NotFoundView path={pathname} />;
  }

  const count = categories.reduce((sum, c) => sum + c.items.length, 0);

  return (
    <>
      <title>{`${name} treatments · Glow at Home`}</title>
      <section className="bg-gradient-to-b from-brand-100 to-blush">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-8 sm:px-6 sm:pt-10">
          <Link
            to="/?city=reset"
            className="-ml-1 flex min-h-11 w-fit items-center gap-2 rounded-full px-1 pr-3 text-sm font-semibold text-brand-800 hover:text-brand-950"
          >
            <ArrowLeftIcon className="h-4 w-4" />
            Change city
          </Link>
          <p className="mt-4 flex items-center gap-1.5 text-sm font-semibold tracking-widest text-brand-800 uppercase">
            <MapPinIcon className="h-4 w-4" />
            At-home treatments
          </p>
          <h1 className="mt-2 font-display text-4xl font-semibold text-ink sm:text-5xl">{name}</h1>
          <p className="mt-3 max-w-xl text-muted" aria-live="polite">
            {treatments.isSuccess && count > 0
              ? `${count} treatments in ${categories.length} categories, brought to your door by vetted therapists.`
              : 'Treatments brought to your door by vetted therapists.'}
          </p>
          {/* Shown while the menu loads too (nearly every city has treatments), so the page
              below does not move down when it arrives. */}
          {(treatments.isPending || (treatments.isSuccess && count > 0)) && (
            // The menu is for browsing; booking starts on its own page with Add buttons.
            <Link
              to={`/${slug}/select-treatments`}
              className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}
            >
              Book now
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
          )}
        </div>
      </section>
      {(treatments.isPending || categories.length > 1) && (
        // Sticky under the site header so a customer deep in a long menu can jump straight on.
        // While the menu loads, an empty bar of the same height keeps its place. Opaque, as the
        // header: the menu scrolling under a translucent bar showed through it.
        <div className="sticky top-16 z-30 border-y border-brand-100 bg-blush py-3">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            {treatments.isPending ? (
              <div className="h-10" aria-hidden="true" />
            ) : (
              <CategoryNav categories={categories} />
            )}
          </div>
        </div>
      )}

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {treatments.isPending && (
          <>
            <p className="sr-only" role="status">
              Loading treatments…
            </p>
            <MenuSkeleton />
          </>
        )}
        {treatments.isError && (
          <ErrorPanel
            title="We couldn't load the treatments"
            error={treatments.error}
            onRetry={() => void treatments.refetch()}
            retrying={treatments.isFetching}
          />
        )}
        {treatments.isSuccess && count === 0 && (
          <div className="rounded-3xl bg-white p-8 text-center shadow-sm">
            <h2 className="font-display text-2xl font-semibold text-ink">Coming soon</h2>
            <p className="mt-2 text-muted">
              Our therapists in {name} are getting ready. Please check back soon.
            </p>
          </div>
        )}
        {treatments.isSuccess && count > 0 && (
          <>
            <TreatmentMenu categories={categories} />
            <div className="mt-12 flex justify-center">
              <Link
                to={`/${slug}/select-treatments`}
                className={`${buttonClass('primary', 'lg')} w-full sm:w-auto`}
              >
                Book your treatments
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
            </div>
          </>
        )}
      </div>
    </>
  );
}

export default function CityPage() {
  const { city = '' } = useParams();
  const { pathname } = useLocation();
  if (!CITY_SLUG.test(city)) return <NotFoundView path={pathname} />;
  // Keyed so moving between cities starts from a clean page rather than the last city's state.
  return <CityMenu key={city} slug={city} />;
}
