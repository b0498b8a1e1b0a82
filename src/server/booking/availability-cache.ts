// Availability is read far more often than it changes, and the same question (city, day,
// treatments, customer kind) is asked by many visitors at once. Answers are kept for a few seconds
// and shared by concurrent askers. A stale answer can only offer a slot that was just taken; holding
// it then fails with 409, because the database constraint, not this cache, decides.
// Writes in this process clear the cache at once; other instances see them within the TTL.

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

export class AvailabilityCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 5000,
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;

    const value = compute();
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    // Errors (400s, a failed query) are not worth remembering.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
