import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  waitlistAnswer,
  waitlistEntrySchema,
  waitlistOfferSchema,
  type JoinWaitlistRequest,
  type WaitlistEntry,
  type WaitlistOffer,
} from '../../../contract/waitlist';
import { api, apiRequest } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// The customer's waitlist (/api/me/waitlist, decision 0089). Under the account's cache root, so
// signing out forgets it with the rest.

export type { JoinWaitlistRequest, WaitlistEntry, WaitlistOffer };

export const waitlistKey = [...accountKeys.me, 'waitlist'] as const;
const offerKey = (token: string) => [...waitlistKey, 'offer', token] as const;

const readWaitlist = ({ signal }: { signal: AbortSignal }) =>
  api.get('/api/me/waitlist', { schema: waitlistAnswer, signal });

export function useWaitlist() {
  return useQuery({ queryKey: waitlistKey, queryFn: readWaitlist, select: (a) => a.entries });
}

/** How long an offered time is held (the server's setting): null until it is known. */
export function useWaitlistOfferMinutes(): number | null {
  const { data } = useQuery({
    queryKey: waitlistKey,
    queryFn: readWaitlist,
    select: (a) => a.offerMinutes,
  });
  return data ?? null;
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitlistRequest) =>
      apiRequest('/api/me/waitlist', { method: 'POST', body, schema: waitlistEntrySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/me/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

export function useWaitlistOffer(token: string) {
  return useQuery({
    queryKey: offerKey(token),
    queryFn: ({ signal }) =>
      api.get(`/api/me/waitlist/offers/${encodeURIComponent(token)}`, {
        schema: waitlistOfferSchema,
        signal,
      }),
    retry: false,
  });
}
