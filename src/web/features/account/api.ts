import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, ProfileInput } from '../../../domain/account-forms';
import { apiRequest, api } from '../../lib/api';
import { accountKeys } from './query-keys';
import type { Appointments, Me, SavedAddress, SavedCard, Wallet } from './types';

// The account pages' calls to /api/me/*. Each change updates or invalidates the cache it touches,
// so every page showing that data agrees at once.

export function useAddresses() {
  return useQuery({
    queryKey: accountKeys.addresses,
    queryFn: async ({ signal }) =>
      (await api.get<{ addresses: SavedAddress[] }>('/api/me/addresses', signal)).addresses,
  });
}

export function useWallet() {
  return useQuery({
    queryKey: accountKeys.wallet,
    queryFn: ({ signal }) => api.get<Wallet>('/api/me/wallet', signal),
  });
}

export function useCards() {
  return useQuery({
    queryKey: accountKeys.cards,
    queryFn: async ({ signal }) =>
      (await api.get<{ cards: SavedCard[] }>('/api/me/cards', signal)).cards,
  });
}

export function useAppointments() {
  return useQuery({
    queryKey: accountKeys.appointments,
    queryFn: ({ signal }) => api.get<Appointments>('/api/me/appointments', signal),
  });
}

const addressPath = (id: string) => `/api/me/addresses/${encodeURIComponent(id)}`;

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
      id
        ? apiRequest<SavedAddress>(addressPath(id), { method: 'PATCH', body: input })
        : apiRequest<SavedAddress>('/api/me/addresses', { method: 'POST', body: input }),
    // A new default changes the flag on the old one too: read the list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(addressPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<SavedAddress>(`${addressPath(id)}/default`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiRequest<Me>('/api/me', { method: 'PATCH', body: input }),
    onSuccess: (me) => queryClient.setQueryData(accountKeys.me, me),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/me/cards/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.cards }),
  });
}

/**
 * Password users confirm with their password, others by typing DELETE; the server checks before
 * removing anything and keeps what the law requires.
 */
export function deleteAccount(confirmation: { password: string } | { confirm: 'DELETE' }) {
  return apiRequest<void>('/api/me', { method: 'DELETE', body: confirmation });
}
