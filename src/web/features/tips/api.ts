import { useQuery } from '@tanstack/react-query';
import type { TipAnswer, TipPaymentStatus, TipRequest } from '../../../contract/tips';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// Tips' calls (docs/decisions/0087). The answers are checked against the server's own schemas;
// the contract loads with the first call, not with the appointments page.

export type { TipAnswer, TipPaymentStatus, TipRequest };

const tipsContract = () => import('../../../contract/tips');

export const tipKeys = {
  paymentStatus: (tipId: string) => [...accountKeys.me, 'tips', tipId, 'payment-status'] as const,
};

export async function giveTip(bookingId: string, request: TipRequest): Promise<TipAnswer> {
  const { tipAnswerSchema } = await tipsContract();
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/tip`, request, {
    schema: tipAnswerSchema,
  });
}

/** Where a tip's payment stands after the provider's own authentication page. */
export function useTipPaymentStatus(tipId: string) {
  return useQuery({
    queryKey: tipKeys.paymentStatus(tipId),
    queryFn: ({ signal }) =>
      api.get(`/api/tips/${encodeURIComponent(tipId)}/payment-status`, {
        schema: tipsContract().then((m) => m.tipPaymentStatusSchema),
        signal,
      }),
  });
}
