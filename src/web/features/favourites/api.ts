import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { Favourite } from '../../../contract/favourites';
import { useSessionHint } from '../auth';
import { api, apiRequest } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// The customer's favourite therapists (GET/PUT/DELETE /api/me/favourites, decision 0088). Under
// the account's cache root, so signing out forgets them with the rest.

export type { Favourite };

// The hearts are on public profiles: the schema (and zod) loads with the first request, never for a
// visitor who is not signed in (decisions 0040, 0054).
const schemas = () => import('../../../contract/favourites');

export const favouritesKey = [...accountKeys.me, 'favourites'] as const;

/**
 * Whether someone is signed in, without loading the auth client or asking /api/me for a visitor
 * (a 401 would be an error on the console of every public profile): the session hint says
 * "signed out" cheaply, and once the auth client is here its watcher has cached the profile.
 * null: not known yet.
 */
export function useSignedIn(): boolean | null {
  const hint = useSessionHint();
  const client = useQueryClient();
  const me = useSyncExternalStore(
    (changed) => client.getQueryCache().subscribe(changed),
    () => client.getQueryData(accountKeys.me),
    () => undefined,
  );
  if (hint === 'signed-out') return false;
  if (hint === 'unknown' || me === undefined) return null;
  return me !== null;
}

export function useFavourites(enabled: boolean) {
  return useQuery({
    queryKey: favouritesKey,
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/me/favourites', {
          schema: schemas().then((m) => m.favouritesAnswer),
          signal,
        })
      ).favourites,
    enabled,
  });
}

/** The favourites' ids, for order and hearts: empty for a visitor or until they are read. */
export function useFavouriteIds(): ReadonlySet<string> {
  const { data } = useFavourites(useSignedIn() === true);
  return useMemo(() => new Set(data?.map((f) => f.id) ?? []), [data]);
}

export interface FavouriteChange {
  therapistId: string;
  /** true: save; false: remove. */
  save: boolean;
}

/**
 * Brings the cached list up to date once a change is stored. A first read of the list may have
 * left before the change was stored (the heart can be pressed while the page is still learning
 * who is signed in); invalidating would join that read, which has no data yet to fall back on,
 * rather than start another. So it is cancelled first, and the list is read again.
 */
export async function refreshAfterChange(
  queryClient: QueryClient,
  { therapistId, save }: FavouriteChange,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: favouritesKey });
  // A removal shows at once everywhere; a save needs the card's details, so the list is read.
  if (!save) {
    queryClient.setQueryData<Favourite[]>(favouritesKey, (list) =>
      list?.filter((f) => f.id !== therapistId),
    );
  }
  await queryClient.invalidateQueries({ queryKey: favouritesKey });
}

export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ therapistId, save }: FavouriteChange) =>
      apiRequest(`/api/me/favourites/${encodeURIComponent(therapistId)}`, {
        method: save ? 'PUT' : 'DELETE',
      }),
    onSuccess: (_answer, change) => refreshAfterChange(queryClient, change),
  });
}
