import { Link } from 'react-router';
import { ArrowRightIcon, MapPinIcon } from '../../components/icons';
import { ErrorPanel } from '../../components/error-panel';
import { useCities } from './api';
import { saveChosenCity } from './chosen-city';

/** The cities we serve, as links to each city's treatments. */
export function CityPicker() {
  const cities = useCities();

  if (cities.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading cities…
        </p>
        <ul className="grid gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-20 animate-pulse rounded-2xl bg-brand-100" />
          ))}
        </ul>
      </div>
    );
  }

  if (cities.isError) {
    return (
      <ErrorPanel
        title="We couldn't load our cities"
        error={cities.error}
        onRetry={() => void cities.refetch()}
        retrying={cities.isFetching}
      />
    );
  }

  if (cities.data.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-muted shadow-sm">
        We are not taking bookings anywhere just now. Please check back soon.
      </p>
    );
  }

  return (
    <ul className="grid gap-3">
      {cities.data.map((city) => (
        <li key={city.slug}>
          <Link
            to={`/${city.slug}`}
            onClick={() => saveChosenCity(city)}
            className="group flex min-h-20 items-center gap-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
          >
            <span className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-100">
              <MapPinIcon className="h-6 w-6" />
            </span>
            <span className="flex-1">
              <span className="block text-lg font-semibold text-ink">{city.name}</span>
              <span className="block text-sm text-muted">Treatments and prices</span>
            </span>
            <ArrowRightIcon className="h-5 w-5 text-brand-700 transition-transform group-hover:translate-x-1" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
