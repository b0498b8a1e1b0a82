import type { GiftCardPurchase } from './api';
import { formatLongDate } from '../booking';

/** Where a bought card stands, in the buyer's words. */
export function purchaseStatusText(card: GiftCardPurchase): string {
  switch (card.status) {
    case 'awaiting_payment':
      return 'Waiting for your bank to confirm the payment';
    case 'scheduled':
      return `Will be emailed on ${formatLongDate(card.sendOn)}, 9am UK time`;
    case 'sending':
      return 'Being emailed now';
    case 'sent':
      return `Emailed on ${formatLongDate(card.sendOn)}`;
    case 'not_delivered':
      return 'We could not deliver the email. Please contact us and we will sort it out.';
    case 'redeemed':
      return 'Redeemed';
    case 'refunded':
      return 'Refunded';
  }
}
