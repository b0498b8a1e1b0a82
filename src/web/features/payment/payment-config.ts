import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '../../../contract/payments';
import { api } from '../../lib/api';

/** GET /api/payments/config: which card form to show (public, the same for every customer). */
export type { PaymentConfig };

export const paymentConfigKey = ['payments', 'config'] as const;

/** The provider only changes with a redeploy, so one answer lasts the visit. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentConfigKey,
    // The schema loads with the call, as api.ts's others do (decisions 0040, 0054): imported
    // here, it put the payments contract in the form's chunk and made those imports pointless.
    queryFn: ({ signal }) =>
      api.get('/api/payments/config', {
        schema: import('../../../contract/payments').then((m) => m.paymentConfigSchema),
        signal,
      }),
    staleTime: Infinity,
  });
}

/**
 * How a new card is entered: our own form for the demo provider, Stripe Elements for Stripe.
 * Not knowing yet is its own state: the demo form must never stand in for Stripe's, because the
 * server refuses raw card numbers in Stripe mode.
 */
export type NewCardEntry =
  | { kind: 'pending' }
  | { kind: 'demo' }
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'unavailable' };

export function newCardEntryFor(config: {
  status: 'pending' | 'error' | 'success';
  data?: PaymentConfig | undefined;
}): NewCardEntry {
  if (config.status === 'pending') return { kind: 'pending' };
  const data = config.data;
  if (config.status === 'error' || !data) return { kind: 'unavailable' };
  if (data.provider === 'demo') return { kind: 'demo' };
  // Stripe without a publishable key is a deployment mistake; Stripe.js cannot start without it.
  const key = data.publishableKey?.trim();
  return key ? { kind: 'stripe', publishableKey: key } : { kind: 'unavailable' };
}
