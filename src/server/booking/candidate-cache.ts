import type { TherapistCandidate } from './load-availability-data';

// A search's candidates (the city's therapists who offer the treatments, and how recently they
// have had availability) change only when the catalogue changes, which is rare; their calendars
// change with every booking. So candidates are kept with the catalogue version they were read at,
// and a search reuses them only when the version it reads at its start is still that one: every
// answer is still computed from the database as it stands at that search, never from a copy kept
// for a while (docs/decisions/0058). Each instance keeps its own; the version is the database's.

interface Entry {
  version: string;
  candidates: readonly TherapistCandidate[];
}

export class CandidateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 1000) {}

  static key(city: string, baseTreatmentIds: string[], onlyTherapistId: string | null): string {
    return [city, [...baseTreatmentIds].sort().join(','), onlyTherapistId ?? '*'].join('|');
  }

  /** The candidates read at this catalogue version, if kept. */
  get(key: string, version: string): readonly TherapistCandidate[] | undefined {
    const hit = this.entries.get(key);
    if (hit?.version !== version) return undefined;
    // Most recently used last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.candidates;
  }

  /**
   * Keeps candidates read at `version`. They are shared by every search that reuses them, so they
   * are frozen: a rule that tried to change one would throw rather than change it for all.
   */
  set(key: string, version: string, candidates: TherapistCandidate[]): void {
    for (const c of candidates) {
      Object.freeze(c.acceptedGenders);
      Object.freeze(c.serviceIds);
      Object.freeze(c);
    }
    this.entries.delete(key);
    this.entries.set(key, { version, candidates: Object.freeze(candidates) });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
