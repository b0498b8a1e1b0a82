import { percentOf } from './cancellation';

/** How a booking was paid, as the booking row records it. */
export interface BookingFunding {
  totalPricePence: number;
  /** Wallet credit spent on the booking: money the platform holds, not the therapist. */
  creditAppliedPence: number;
  /** A referred customer's first-booking discount: the platform's cost, like credit. */
  referralDiscountPence: number;
  /** The rest: charged to a card, or invoiced when `paidByInvoice`. */
  amountDuePence: number;
  paidByInvoice: boolean;
}

export interface TherapistPayout {
  /** Reaches the therapist's connected account through the card's destination charge. */
  viaChargePence: number;
  /** Paid by the platform from its own balance, as a transfer once the appointment has started. */
  viaTransferPence: number;
}

/** What the therapist keeps of an amount: the amount less the platform fee on it. */
export function therapistShare(pence: number, feePercent: number): number {
  return pence - percentOf(pence, feePercent);
}

/**
 * The therapist earns the whole price less the platform fee however the customer paid. The card
 * part already carries its own fee (`percentOf(amountDue)`, set when it was charged), so the
 * transfer is what is left of the therapist's earnings: the fee is rounded once, on the whole
 * price, and the two routes add up to `therapistShare(total)` to the penny. Working out the
 * transfer as `therapistShare(credit)` instead would round twice and could pay a penny more or
 * less than the whole-price rule says.
 */
export function therapistPayout(funding: BookingFunding, feePercent: number): TherapistPayout {
  const { totalPricePence, creditAppliedPence, referralDiscountPence, amountDuePence } = funding;
  if (creditAppliedPence + referralDiscountPence + amountDuePence !== totalPricePence)
    throw new Error('credit, referral discount and amount due must add up to the price');
  const { paidByInvoice } = funding;
  const earned = therapistShare(totalPricePence, feePercent);
  const viaChargePence = paidByInvoice ? 0 : therapistShare(amountDuePence, feePercent);
  return { viaChargePence, viaTransferPence: earned - viaChargePence };
}
