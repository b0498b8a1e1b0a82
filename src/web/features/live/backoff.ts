// How long a tab waits before opening its live stream again after losing it. Doubling keeps a
// server that is down (or restarting) from being hammered by every open tab at once; the random
// half spreads tabs that lost their streams together (a deploy) so they do not all come back in
// the same second; the cap keeps a tab that has been failing for a while from waiting minutes
// once the server is back.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

/**
 * The wait before reconnect number `attempt` (0 for the first after a loss): half of
 * min(cap, base × 2^attempt) for certain, plus up to as much again at random ("equal jitter").
 * `random` is Math.random's contract: a number in [0, 1).
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
