import type { ChargeRequest } from './payment-provider';

// What a payment pays for, as its row names it: exactly one purchase (the payment_for_one_purchase
// constraint), a booking, a gift card or a tip. The keys and the addresses made from it are the
// same for every kind: `<kind>-<id>-attempt-<n>` for an attempt, `?booking=`, `?gift_card=` or
// `?tip=` on the return page.

export type PurchaseKind = 'booking' | 'gift-card' | 'tip';

export interface PurchaseRef {
  kind: PurchaseKind;
  id: string;
}

/** The columns of a payment row that name what it pays for. */
type PaidFor = {
  id: string;
  bookingId: string | null;
  giftCardId: string | null;
  tipId: string | null;
};

/** What a payment pays for, or null for a row that names nothing (never, by the constraint). */
export function purchaseOfRow(p: PaidFor): PurchaseRef | null {
  if (p.bookingId) return { kind: 'booking', id: p.bookingId };
  if (p.giftCardId) return { kind: 'gift-card', id: p.giftCardId };
  if (p.tipId) return { kind: 'tip', id: p.tipId };
  return null;
}

export function purchaseOf(p: PaidFor): PurchaseRef {
  const ref = purchaseOfRow(p);
  if (!ref) throw new Error(`payment ${p.id} pays for nothing`);
  return ref;
}

/** The payment columns naming the purchase, as an insert writes them. */
export const paidForColumns = (ref: PurchaseRef) =>
  ref.kind === 'booking'
    ? { bookingId: ref.id }
    : ref.kind === 'gift-card'
      ? { giftCardId: ref.id }
      : { tipId: ref.id };

export const paysFor = (p: Omit<PaidFor, 'id'>, ref: PurchaseRef): boolean =>
  ref.kind === 'booking'
    ? p.bookingId === ref.id
    : ref.kind === 'gift-card'
      ? p.giftCardId === ref.id
      : p.tipId === ref.id;

/** An attempt's idempotency key: a retry of the same attempt can never charge twice. */
export const attemptKey = (ref: PurchaseRef, attempt: number) =>
  `${ref.kind}-${ref.id}-attempt-${attempt}`;

/** What the provider is told is being paid for (its metadata, and our return page's query). */
export const chargedFor = (
  ref: PurchaseRef,
): Pick<ChargeRequest, 'bookingId' | 'giftCardId' | 'tipId'> =>
  ref.kind === 'booking'
    ? { bookingId: ref.id }
    : ref.kind === 'gift-card'
      ? { bookingId: null, giftCardId: ref.id }
      : { bookingId: null, tipId: ref.id };

/** What a provider's metadata says is paid for (chargedFor's other way), or null. */
export function purchaseOfMetadata(metadata: Record<string, string>): PurchaseRef | null {
  if (metadata.bookingId) return { kind: 'booking', id: metadata.bookingId };
  if (metadata.giftCardId) return { kind: 'gift-card', id: metadata.giftCardId };
  if (metadata.tipId) return { kind: 'tip', id: metadata.tipId };
  return null;
}

/** The query that tells /authorisation/confirm what is being paid for. */
export const purchaseQuery = (ref: PurchaseRef) =>
  ref.kind === 'booking'
    ? `booking=${ref.id}`
    : ref.kind === 'gift-card'
      ? `gift_card=${ref.id}`
      : `tip=${ref.id}`;
