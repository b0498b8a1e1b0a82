/**
 * Splits the therapists free on a day into the one the customer set out to book (when they are
 * among them) and everyone else, in the server's order.
 */
export function splitPreferred<T extends { username: string }>(
  therapists: readonly T[],
  username: string | null,
): { preferred: T | null; others: T[] } {
  const preferred = username ? (therapists.find((t) => t.username === username) ?? null) : null;
  return { preferred, others: therapists.filter((t) => t !== preferred) };
}

/** What the chosen therapist offers, from their profile. */
export interface TherapistOffer {
  /** Their main treatments; add-ons come with them. */
  treatmentIds: readonly string[];
  minimumSpendPence: number;
}

interface BasketItem {
  id: string;
  isAddOn: boolean;
  pricePence: number;
}

/**
 * What in the basket the chosen therapist cannot take: the main treatments they do not offer (in
 * the basket's order), and how much is missing to their minimum spend (0 when reached, or when
 * the basket is empty: nothing to say yet).
 */
export function basketAgainstOffer(
  items: readonly BasketItem[],
  offer: TherapistOffer,
): { notOffered: string[]; shortfallPence: number } {
  const offered = new Set(offer.treatmentIds);
  const notOffered = items.filter((i) => !i.isAddOn && !offered.has(i.id)).map((i) => i.id);
  const total = items.reduce((sum, i) => sum + i.pricePence, 0);
  const shortfallPence = items.length === 0 ? 0 : Math.max(0, offer.minimumSpendPence - total);
  return { notOffered, shortfallPence };
}
