import { useQuery } from '@tanstack/react-query';
import type { City, Treatment } from '../../../contract/catalogue';
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
      (await api.get('/api/cities', { schema: catalogue().then((m) => m.citiesAnswer), signal }))
        .cities,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useCityTreatments(city: string) {
  return useQuery({
    queryKey: catalogueKeys.treatments(city),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/cities/${encodeURIComponent(city)}/treatments`, {
          schema: catalogue().then((m) => m.cityTreatmentsAnswer),
          signal,
        })
      ).treatments,
    staleTime: CATALOGUE_STALE_MS,
  });
}
