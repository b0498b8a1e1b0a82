import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The public professional pages' calls (DESIGN.md section 7).

export interface ProfessionalSummary {
  username: string;
  name: string;
  photoUrl: string | null;
  area: string;
  areaName: string;
  /** Already cut to 10 words by the server. */
  bio: string;
  treatmentCount: number;
}

export interface ProfessionalTreatment {
  id: string;
  name: string;
  category: string;
  pricePence: number;
  durationMinutes: number;
}

export interface Professional {
  username: string;
  name: string;
  photoUrl: string | null;
  bio: string;
  area: string;
  areaName: string;
  businessEnabled: boolean;
  minimumSpendPence: number;
  treatments: ProfessionalTreatment[];
}

// The same rules as the server's: anything else cannot be a username or a city, so the page can
// say "not found" (or drop the filter) without asking.
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$/;
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Profiles change when the catalogue is imported, a few times a week at most.
const PROFESSIONALS_STALE_MS = 5 * 60_000;

export const professionalKeys = {
  list: (city: string | null) => ['professionals', 'list', city ?? 'all'] as const,
  profile: (username: string) => ['professionals', 'profile', username.toLowerCase()] as const,
};

export function useProfessionals(city: string | null) {
  return useQuery({
    queryKey: professionalKeys.list(city),
    queryFn: async ({ signal }) => {
      const query = city ? `?city=${encodeURIComponent(city)}` : '';
      return (
        await api.get<{ professionals: ProfessionalSummary[] }>(
          `/api/professionals${query}`,
          signal,
        )
      ).professionals;
    },
    staleTime: PROFESSIONALS_STALE_MS,
  });
}

export function useProfessional(username: string) {
  return useQuery({
    queryKey: professionalKeys.profile(username),
    queryFn: ({ signal }) =>
      api.get<Professional>(`/api/professionals/${encodeURIComponent(username)}`, signal),
    staleTime: PROFESSIONALS_STALE_MS,
  });
}
