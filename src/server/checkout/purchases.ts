import { bookingPurchase } from '../booking/booking-purchase';
import { giftCardPurchase } from '../gift-cards/gift-card-purchase';
import type { Purchases } from '../payments/purchase';
import { tipPurchase } from '../tips/tip-purchase';

/**
 * Every kind of purchase, for the paths that find one from a payment (the reconciler, Stripe's
 * webhooks, the demo bank page). Each kind implements Purchase in its own folder and is added here.
 */
export const purchases: Purchases = {
  booking: bookingPurchase,
  'gift-card': giftCardPurchase,
  tip: tipPurchase,
};
