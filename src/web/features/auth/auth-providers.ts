import { useQuery } from '@tanstack/react-query';
import {
  authProvidersSchema,
  type AuthProviders,
  type SocialProvider,
} from '../../../contract/auth';
import { api } from '../../lib/api';
import { authProvidersKey } from '../../lib/query-keys';

export type { AuthProviders, SocialProvider };

export const SOCIAL_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
  twitter: 'X (Twitter)',
};

const NONE: AuthProviders = { social: [], oidc: null };

/** Which sign-in services this deployment has turned on; none when the answer cannot be had. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authProvidersKey,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/auth-providers', { schema: authProvidersSchema, signal });
      } catch {
        // Email sign-in still works without the list; the buttons are an extra.
        return NONE;
      }
    },
    staleTime: Infinity,
  });
}
