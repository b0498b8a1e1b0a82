// Availability is read far more often than it changes, and the same question (city, day,
// treatments, customer kind) is asked by many visitors at once. Answers are kept for a few seconds
// and shared by concurrent askers. A stale answer can only offer a slot that was just taken; holding
// it then fails with 409, because the database constraint, not this cache, decides.
// Writes in this process clear the cache at once; other instances see them within the TTL.
//
// An answer is fresh for the TTL from when it was computed, not from when it was asked for: on a
// busy embedded database a computation can outlast the TTL, and an answer already expired when it
// arrives helps nobody (decision 0056). Once expired it is still given, for a while, to askers
// who come while its replacement is being computed, so a question asked every second never waits
// for the database; only the first asker of a new question, or of one left unasked for longer
// than that while, waits.

interface Entry<T> {
  /** The computation under way, or the last one's answer. */
  value: Promise<T>;
  /** When the answer was computed; undefined while the first computation runs. */
  computedAt?: number;
  /** The replacement being computed while the expired answer is still given. */
  refreshing?: Promise<T>;
}

export class AvailabilityCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  /**
   * @param ttlMs how long an answer is fresh; 0 turns the cache off.
   * @param staleMs how long after that it may still be given while its replacement is computed.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 5000,
    private readonly staleMs = ttlMs * 10,
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = this.clock();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit) {
      if (hit.computedAt === undefined) return hit.value;
      const age = now - hit.computedAt;
      if (age < this.ttlMs) return hit.value;
      if (age < this.ttlMs + this.staleMs) {
        hit.refreshing ??= this.refresh(key, hit, compute);
        return hit.value;
      }
    }
    const entry: Entry<T> = { value: compute() };
    this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.computedAt = this.clock();
      },
      // Errors (400s, a failed query) are not worth remembering.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry.value;
  }

  /** Computes the replacement; the expired answer stands until it comes, or for good if it fails. */
  private refresh<T>(key: string, entry: Entry<T>, compute: () => Promise<T>): Promise<T> {
    const next = compute();
    next.then(
      () => {
        // A clear() (a write in this process) while it ran may have made it stale already.
        if (this.entries.get(key) !== entry) return;
        entry.value = next;
        entry.computedAt = this.clock();
        entry.refreshing = undefined;
      },
      () => {
        entry.refreshing = undefined;
      },
    );
    return next;
  }

  clear(): void {
    this.entries.clear();
  }
}
