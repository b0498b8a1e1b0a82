import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { declineDetail, syncPurchase } from '../payments/sync-purchase';
import { tipPurchase } from './tip-purchase';
import type { TipPaymentStatus } from '../../contract/tips';

/**
 * Where /authorisation/confirm?tip=… lands after a provider's own 3-D Secure page: re-checks the
 * tip's payment with the provider and applies it (payments/sync-purchase.ts).
 */
export async function syncTipPayment(
  ctx: AppContext,
  customer: CustomerProfile,
  tipId: string,
  log: WarnLog,
): Promise<TipPaymentStatus> {
  const { after, latest } = await syncPurchase(ctx, tipPurchase, customer, tipId, log);
  const status = after.status === 'unpaid' ? 'awaiting_payment' : after.status;
  return {
    tipId: after.id,
    bookingId: after.bookingId,
    status,
    paymentStatus: latest?.status ?? null,
    detail: after.status === 'unpaid' ? declineDetail(latest) : null,
    actionUrl: latest?.status === 'requires_action' ? latest.actionUrl : null,
  };
}
