import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  giftCardPaymentAnswer,
  giftCardPaymentStatusSchema,
  giftCardPurchasesAnswer,
  redeemGiftCardAnswer,
  type GiftCardPaymentAnswer,
  type GiftCardPaymentStatus,
  type GiftCardPurchase,
  type GiftCardPurchaseRequest,
  type RedeemGiftCardAnswer,
  type redeemGiftCardBody,
} from '../../../contract/gift-cards';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// Gift cards' calls. Everything cached here is the signed-in customer's own and lives under
// accountKeys.giftCards, which sign-out clears; answers are checked against the contract.

export type {
  GiftCardPaymentAnswer,
  GiftCardPaymentStatus,
  GiftCardPurchase,
  RedeemGiftCardAnswer,
};

export const giftCardKeys = {
  purchases: [...accountKeys.giftCards, 'purchases'] as const,
  paymentStatus: (id: string) => [...accountKeys.giftCards, id, 'payment-status'] as const,
};

/** The gift cards the customer bought, newest first. */
export async function fetchGiftCardPurchases(signal?: AbortSignal): Promise<GiftCardPurchase[]> {
  return (await api.get('/api/me/gift-cards', { schema: giftCardPurchasesAnswer, signal }))
    .giftCards;
}

export function useGiftCardPurchases(enabled = true) {
  return useQuery({
    queryKey: giftCardKeys.purchases,
    queryFn: ({ signal }) => fetchGiftCardPurchases(signal),
    enabled,
  });
}

export function buyGiftCard(request: GiftCardPurchaseRequest): Promise<GiftCardPaymentAnswer> {
  return api.post('/api/gift-cards', request, { schema: giftCardPaymentAnswer });
}

/** Where an order's payment stands after the provider's own authentication page. */
export function fetchGiftCardPaymentStatus(
  id: string,
  signal?: AbortSignal,
): Promise<GiftCardPaymentStatus> {
  return api.get(`/api/gift-cards/${encodeURIComponent(id)}/payment-status`, {
    schema: giftCardPaymentStatusSchema,
    signal,
  });
}

export function useGiftCardPaymentStatus(id: string) {
  return useQuery({
    queryKey: giftCardKeys.paymentStatus(id),
    queryFn: ({ signal }) => fetchGiftCardPaymentStatus(id, signal),
  });
}

/** Moves a code's whole balance into the wallet. */
export function redeemGiftCard(code: string): Promise<RedeemGiftCardAnswer> {
  const body: z.input<typeof redeemGiftCardBody> = { code };
  return api.post('/api/me/wallet/redeem', body, { schema: redeemGiftCardAnswer });
}

/** Redeeming changes the wallet, the balance on the profile, and nothing else. */
export function useRedeemGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemGiftCard,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountKeys.wallet });
      void client.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}
