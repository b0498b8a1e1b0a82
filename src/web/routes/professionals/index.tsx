import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { useCities } from '../../features/catalogue';
import { LoadingBlock } from '../../components/page-heading';
import {
  CITY_SLUG_PATTERN,
  CityFilter,
  ProfessionalCard,
  useProfessionals,
} from '../../features/professionals';
import { BRAND_NAME } from '../../lib/brand';

export default function ProfessionalsPage() {
  const [params] = useSearchParams();
  // ?city= opens the list already filtered (a link from a city page, say); a value that cannot
  // be a city is ignored rather than shown as an error.
  const [city, setCity] = useState<string | null>(() => {
    const wanted = params.get('city');
    return wanted && CITY_SLUG_PATTERN.test(wanted) ? wanted : null;
  });
  const cities = useCities();
  const professionals = useProfessionals(city);
  const cityName = cities.data?.find((c) => c.slug === city)?.name ?? null;

  return (
    <>
      <title>{`Our professionals · ${BRAND_NAME}`}</title>
      <header className="mb-6 sm:mb-8">
        <p className="text-sm font-semibold tracking-widest text-brand-800 uppercase">
          Meet the team
        </p>
        <h1 className="mt-1 font-display text-4xl font-semibold text-ink sm:text-5xl">
          Our professionals
        </h1>
        <p className="mt-3 max-w-xl text-muted">
          Vetted, insured therapists who bring everything they need to your door. Open a profile to
          see what they offer and what it costs.
        </p>
      </header>

      {cities.data && (
        <div className="mb-6">
          <CityFilter cities={cities.data} selected={city} onSelect={setCity} />
        </div>
      )}

      {professionals.isPending && <LoadingBlock label="Loading our professionals…" rows={4} />}
      {professionals.isError && (
        <ErrorPanel
          title="We couldn't load our professionals"
          error={professionals.error}
          onRetry={() => void professionals.refetch()}
          retrying={professionals.isFetching}
        />
      )}
      <p className="sr-only" role="status">
        {professionals.isSuccess &&
          `${professionals.data.length} ${professionals.data.length === 1 ? 'professional' : 'professionals'}${cityName ? ` in ${cityName}` : ''}`}
      </p>
      {professionals.isSuccess && professionals.data.length === 0 && (
        <div className="rounded-3xl bg-white p-8 text-center shadow-sm">
          <h2 className="font-display text-2xl font-semibold text-ink">Coming soon</h2>
          <p className="mt-2 text-muted">
            {cityName
              ? `Our professionals in ${cityName} are getting ready. Please check back soon.`
              : 'Our professionals are getting ready. Please check back soon.'}
          </p>
        </div>
      )}
      {professionals.isSuccess && professionals.data.length > 0 && (
        <ul className="grid gap-3 sm:gap-4 md:grid-cols-2">
          {professionals.data.map((professional) => (
            <li key={professional.username}>
              <ProfessionalCard professional={professional} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
