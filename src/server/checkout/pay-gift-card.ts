import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { giftCardPaymentAnswer, giftCardPurchase } from '../gift-cards/gift-card-purchase';
import { payPurchase } from '../payments/pay-purchase';
import type { GiftCardPaymentAnswer, GiftCardPurchaseInput } from '../../contract/gift-cards';

/**
 * Creates the order on first sight (its id comes from the web app) and pays for it by card, in the
 * same three steps as a booking (docs/architecture.md#payments). A repeat of the request finds the
 * same order: it waits for an attempt in flight, answers a paid order as paid, and after a decline
 * makes a new attempt with what the request now says.
 */
export async function buyGiftCard(
  ctx: AppContext,
  buyer: CustomerProfile,
  input: GiftCardPurchaseInput,
  log: WarnLog,
): Promise<GiftCardPaymentAnswer> {
  const step = await payPurchase(ctx, giftCardPurchase, buyer, input.orderId, input, log);
  return giftCardPaymentAnswer(step);
}
