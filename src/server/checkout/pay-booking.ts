import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { bookingPaymentAnswer } from '../booking/booking-payment-steps';
import { bookingPurchase } from '../booking/booking-purchase';
import type { WarnLog } from '../db/warn-log';
import { payPurchase } from '../payments/pay-purchase';
import type { PaymentAnswer, PaymentInput } from '../../contract/booking';

/**
 * Pays a held booking (docs/architecture.md#payments): by card through the purchase pipeline, or
 * at once by credit or invoice (booking-purchase.ts). Never charges twice: a double click, a retry
 * or a second tab finds the first attempt pending and answers what it ends in.
 */
export async function payBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  input: PaymentInput,
  log: WarnLog,
): Promise<PaymentAnswer> {
  const step = await payPurchase(ctx, bookingPurchase, customer, bookingId, input, log);
  return bookingPaymentAnswer(step, log);
}
