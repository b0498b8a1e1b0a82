import type { ChargeRequest } from './payment-provider';

// What a payment pays for, as its row names it: exactly one purchase (the payment_for_one_purchase
// constraint), a booking or a gift card. The keys and the addresses made from it are the same for
// every kind: `<kind>-<id>-attempt-<n>` for an attempt, `?booking=` or `?gift_card=` on the return
// page.

export type PurchaseKind = 'booking' | 'gift-card';

export interface PurchaseRef {
  kind: PurchaseKind;
  id: string;
}

/** The columns of a payment row that name what it pays for. */
type PaidFor = { id: string; bookingId: string | null; giftCardId: string | null };

/** What a payment pays for, or null for a row that names nothing (never, by the constraint). */
export function purchaseOfRow(p: PaidFor): PurchaseRef | null {
  if (p.bookingId) return { kind: 'booking', id: p.bookingId };
  if (p.giftCardId) return { kind: 'gift-card', id: p.giftCardId };
  return null;
}

export function purchaseOf(p: PaidFor): PurchaseRef {
  const ref = purchaseOfRow(p);
  if (!ref) throw new Error(`payment ${p.id} pays for nothing`);
  return ref;
}

/** The payment columns naming the purchase, as an insert writes them. */
export const paidForColumns = (ref: PurchaseRef) =>
  ref.kind === 'booking' ? { bookingId: ref.id } : { giftCardId: ref.id };

export const paysFor = (p: Omit<PaidFor, 'id'>, ref: PurchaseRef): boolean =>
  ref.kind === 'booking' ? p.bookingId === ref.id : p.giftCardId === ref.id;

/** An attempt's idempotency key: a retry of the same attempt can never charge twice. */
export const attemptKey = (ref: PurchaseRef, attempt: number) =>
  `${ref.kind}-${ref.id}-attempt-${attempt}`;

/** What the provider is told is being paid for (its metadata, and our return page's query). */
export const chargedFor = (ref: PurchaseRef): Pick<ChargeRequest, 'bookingId' | 'giftCardId'> =>
  ref.kind === 'booking' ? { bookingId: ref.id } : { bookingId: null, giftCardId: ref.id };

/** The query that tells /authorisation/confirm what is being paid for. */
export const purchaseQuery = (ref: PurchaseRef) =>
  ref.kind === 'booking' ? `booking=${ref.id}` : `gift_card=${ref.id}`;
