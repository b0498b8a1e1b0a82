import { useQuery } from '@tanstack/react-query';
import type {
  Professional,
  ProfessionalSummary,
  ProfessionalTreatment,
} from '../../../contract/professionals';
import { publicApiPaths } from '../../../contract/public-api-paths';
import { api } from '../../lib/api';

// The public professional pages' calls (docs/architecture.md#http-api).

export type { Professional, ProfessionalSummary, ProfessionalTreatment };

// The server's own rules: anything else cannot be a username or a city, so the page can say
// "not found" (or drop the filter) without asking.
export { CITY_SLUG_PATTERN, USERNAME_PATTERN } from '../../../contract/professional-patterns';

// The schemas (and zod) load with the first request, never for a page the server drew with its
// answer already in it (decisions 0040, 0054).
const schemas = () => import('../../../contract/professionals');

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
      return (
        await api.get(publicApiPaths.professionals(city), {
          schema: schemas().then((m) => m.professionalsAnswer),
          signal,
        })
      ).professionals;
    },
    staleTime: PROFESSIONALS_STALE_MS,
  });
}

export function useProfessional(username: string, { enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: professionalKeys.profile(username),
    queryFn: ({ signal }) =>
      api.get(publicApiPaths.professional(username), {
        schema: schemas().then((m) => m.professionalSchema),
        signal,
      }),
    staleTime: PROFESSIONALS_STALE_MS,
  });
}
