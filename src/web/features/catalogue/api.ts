import { useQuery } from '@tanstack/react-query';
import type { City, Treatment } from '../../../contract/catalogue';
import { NO_LOCATION_SET } from '../../../domain/constants';
import { publicApiPaths } from '../../../contract/public-api-paths';
import { api } from '../../lib/api';

export type { City, Treatment };

// The catalogue changes a few times a year; refetching it on every visit only costs the customer.
const CATALOGUE_STALE_MS = 5 * 60_000;

export const catalogueKeys = {
  cities: ['cities'] as const,
  treatments: (city: string) => ['cities', city, 'treatments'] as const,
};

// The home page's first screen lists cities: their schema (and the schema library) loads alongside
// the request rather than before the page shows (decision 0040).
const catalogue = () => import('../../../contract/catalogue');

export function useCities() {
  return useQuery({
    queryKey: catalogueKeys.cities,
    queryFn: async ({ signal }) =>
      (
        await api.get(publicApiPaths.cities, {
          schema: catalogue().then((m) => m.citiesAnswer),
          signal,
        })
      ).cities,
    staleTime: CATALOGUE_STALE_MS,
  });
}

/**
 * A city's treatments. docs/product.md#messages: without a city, refused with 'No location set',
 * unasked.
 */
export async function loadCityTreatments(city: string, signal?: AbortSignal): Promise<Treatment[]> {
  if (city.trim() === '') throw new Error(NO_LOCATION_SET);
  const answer = await api.get(publicApiPaths.cityTreatments(city), {
    schema: catalogue().then((m) => m.cityTreatmentsAnswer),
    signal,
  });
  return answer.treatments;
}

export function useCityTreatments(city: string) {
  return useQuery({
    queryKey: catalogueKeys.treatments(city),
    queryFn: ({ signal }) => loadCityTreatments(city, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}
