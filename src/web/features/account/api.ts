import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, ProfileInput } from '../../../domain/account-forms';
import type { z } from 'zod';
import {
  addressesAnswer,
  appointmentsSchema,
  cardsAnswer,
  profileViewSchema,
  type deleteAccountBody,
  savedAddressSchema,
  walletSchema,
} from '../../../contract/me';
import { apiRequest, api } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// The account pages' calls to /api/me/*. Each change updates or invalidates the cache it touches,
// so every page showing that data agrees at once. Answers are checked against the server's
// schemas (src/contract/me.ts): balances and addresses are shown as they are read.

export function useAddresses() {
  return useQuery({
    queryKey: accountKeys.addresses,
    queryFn: async ({ signal }) =>
      (await api.get('/api/me/addresses', { schema: addressesAnswer, signal })).addresses,
  });
}

export function useWallet() {
  return useQuery({
    queryKey: accountKeys.wallet,
    queryFn: ({ signal }) => api.get('/api/me/wallet', { schema: walletSchema, signal }),
  });
}

export function useCards() {
  return useQuery({
    queryKey: accountKeys.cards,
    queryFn: async ({ signal }) =>
      (await api.get('/api/me/cards', { schema: cardsAnswer, signal })).cards,
  });
}

export function useAppointments() {
  return useQuery({
    queryKey: accountKeys.appointments,
    queryFn: ({ signal }) =>
      api.get('/api/me/appointments', { schema: appointmentsSchema, signal }),
  });
}

const addressPath = (id: string) => `/api/me/addresses/${encodeURIComponent(id)}`;

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
      id
        ? apiRequest(addressPath(id), { method: 'PATCH', body: input, schema: savedAddressSchema })
        : apiRequest('/api/me/addresses', {
            method: 'POST',
            body: input,
            schema: savedAddressSchema,
          }),
    // A new default changes the flag on the old one too: read the list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(addressPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${addressPath(id)}/default`, { method: 'POST', schema: savedAddressSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiRequest('/api/me', { method: 'PATCH', body: input, schema: profileViewSchema }),
    onSuccess: (me) => queryClient.setQueryData(accountKeys.me, me),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/me/cards/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.cards }),
  });
}

/**
 * Password users confirm with their password, others by typing DELETE; the server checks before
 * removing anything and keeps what the law requires.
 */
export function deleteAccount(confirmation: { password: string } | { confirm: 'DELETE' }) {
  const body: z.input<typeof deleteAccountBody> = confirmation;
  return apiRequest('/api/me', { method: 'DELETE', body });
}
