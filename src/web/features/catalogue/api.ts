import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface City {
  slug: string;
  name: string;
}

export interface Treatment {
  id: string;
  name: string;
  category: string;
  description: string;
  pricePence: number;
  durationMinutes: number;
  order: number;
  isAddOn: boolean;
  addOnIds: string[];
}

// The catalogue changes a few times a year; refetching it on every visit only costs the customer.
const CATALOGUE_STALE_MS = 5 * 60_000;

export const catalogueKeys = {
  cities: ['cities'] as const,
  treatments: (city: string) => ['cities', city, 'treatments'] as const,
};

export function useCities() {
  return useQuery({
    queryKey: catalogueKeys.cities,
    queryFn: async ({ signal }) =>
      (await api.get<{ cities: City[] }>('/api/cities', signal)).cities,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useCityTreatments(city: string) {
  return useQuery({
    queryKey: catalogueKeys.treatments(city),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ treatments: Treatment[] }>(
          `/api/cities/${encodeURIComponent(city)}/treatments`,
          signal,
        )
      ).treatments,
    staleTime: CATALOGUE_STALE_MS,
  });
}
