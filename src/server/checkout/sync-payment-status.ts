import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { bookingPurchase } from '../booking/booking-purchase';
import type { WarnLog } from '../db/warn-log';
import { declineDetail, syncPurchase } from '../payments/sync-purchase';
import type { PaymentStatus } from '../../contract/booking';

/**
 * Where /authorisation/confirm?booking=… lands after a provider's own 3-D Secure page: re-checks
 * the booking's payment with the provider and applies it (payments/sync-purchase.ts).
 */
export async function syncPaymentStatus(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  log: WarnLog,
): Promise<PaymentStatus> {
  const { before, after, latest } = await syncPurchase(
    ctx,
    bookingPurchase,
    customer,
    bookingId,
    log,
  );
  return {
    bookingId: before.id,
    status: after.status,
    paymentStatus: latest?.status ?? null,
    detail: declineDetail(latest),
    actionUrl: latest?.status === 'requires_action' ? latest.actionUrl : null,
  };
}
