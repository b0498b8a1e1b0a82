// Favourite therapists in the booking flow (docs/decisions/0088).

/**
 * The therapist step's order: favourites who can take the booking (they meet its minimum spend)
 * first, then everyone else, each group in the server's order. Only the order changes: who is
 * listed, and with which times, is the server's answer as it stands.
 */
export function favouritesFirst<T extends { id: string; meetsMinimumSpend: boolean }>(
  therapists: readonly T[],
  favouriteIds: ReadonlySet<string>,
): T[] {
  const first = (t: T) => t.meetsMinimumSpend && favouriteIds.has(t.id);
  return [...therapists.filter(first), ...therapists.filter((t) => !first(t))];
}
