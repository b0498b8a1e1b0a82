import { useQuery } from '@tanstack/react-query';
import type { PaymentAnswer, PaymentRequest } from '../../../contract/booking';
import type { AuthenticationOutcome, AuthenticationView } from '../../../contract/payments';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

// Paying's own calls, whatever is bought: the customer's saved cards and the demo bank's page.
// Paying itself is the purchase's call (a booking's, a gift card order's), handed to the form.
// Every answer is checked against the server's own schema (src/contract/*).

export type { AuthenticationView, PaymentRequest };

export type PaymentResult = PaymentAnswer;

// The schemas, and zod with them, load with the first call rather than with the page (decisions
// 0040, 0054). A call that changes something waits for its schema before it is sent: a chunk
// that failed to load must never turn a payment the server took into an error on screen.
const bookingContract = () => import('../../../contract/booking');
const meContract = () => import('../../../contract/me');
const paymentsContract = () => import('../../../contract/payments');

export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.cards,
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/me/cards', {
          schema: meContract().then((m) => m.cardsAnswer),
          signal,
        })
      ).cards,
    enabled,
  });
}

const authenticationPath = (paymentId: string) =>
  `/api/payments/${encodeURIComponent(paymentId)}/authentication`;

/** What the demo provider's simulated bank page shows about a payment. */
export function fetchAuthentication(
  paymentId: string,
  signal?: AbortSignal,
): Promise<AuthenticationView> {
  return api.get(authenticationPath(paymentId), {
    schema: paymentsContract().then((m) => m.authenticationViewSchema),
    signal,
  });
}

/** The simulated bank's answer: approve pays, fail refuses (what that means is the purchase's). */
export async function answerAuthentication(
  paymentId: string,
  outcome: AuthenticationOutcome,
): Promise<PaymentResult> {
  const { paymentAnswerSchema } = await bookingContract();
  return api.post(authenticationPath(paymentId), { outcome }, { schema: paymentAnswerSchema });
}
