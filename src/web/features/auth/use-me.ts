import { useQuery, type QueryClient } from '@tanstack/react-query';
import { profileViewSchema, type ProfileView as Me } from '../../../contract/me';
import { api, isApiError } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// GET /api/me is the one answer to "who is signed in here": null when nobody is (401), the
// customer's profile otherwise. Every page that cares reads this one cached query.

const ME_STALE_MS = 60_000;

async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get('/api/me', { schema: profileViewSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = {
  queryKey: accountKeys.me,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchMe(signal),
  staleTime: ME_STALE_MS,
};

export function useMe() {
  return useQuery(meQuery);
}

/** Asks the server afresh, e.g. straight after signing in, and caches the answer for the page. */
export function refreshMe(queryClient: QueryClient): Promise<Me | null> {
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}

/**
 * The profile is gone though the session is valid: the "user record missing" case of
 * docs/product.md#sign-in-messages.
 */
export function isUserRecordMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.type.endsWith('user-record-missing');
}
