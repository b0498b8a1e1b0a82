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
