import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authProvidersKey } from '../../lib/query-keys';

export type SocialProvider = 'google' | 'facebook' | 'github' | 'twitter';

export interface AuthProviders {
  social: SocialProvider[];
  oidc: { id: string; name: string } | null;
}

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
        return await api.get<AuthProviders>('/api/auth-providers', signal);
      } catch {
        // Email sign-in still works without the list; the buttons are an extra.
        return NONE;
      }
    },
    staleTime: Infinity,
  });
}
