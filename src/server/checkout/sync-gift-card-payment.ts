import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { giftCardPurchase } from '../gift-cards/gift-card-purchase';
import { declineDetail, syncPurchase } from '../payments/sync-purchase';
import type { GiftCardPaymentStatus } from '../../contract/gift-cards';

/**
 * Where /authorisation/confirm?gift_card=… lands after a provider's own 3-D Secure page:
 * re-checks the order's payment with the provider and applies it (payments/sync-purchase.ts).
 */
export async function syncGiftCardPayment(
  ctx: AppContext,
  buyer: CustomerProfile,
  giftCardId: string,
  log: WarnLog,
): Promise<GiftCardPaymentStatus> {
  const { before, after, latest } = await syncPurchase(
    ctx,
    giftCardPurchase,
    buyer,
    giftCardId,
    log,
  );
  const status = after.status;
  return {
    giftCardId: before.id,
    status:
      status === 'unpaid' ? 'awaiting_payment' : status === 'cancelled' ? 'cancelled' : 'paid',
    paymentStatus: latest?.status ?? null,
    detail: status === 'unpaid' ? declineDetail(latest) : null,
    actionUrl: latest?.status === 'requires_action' ? latest.actionUrl : null,
  };
}
