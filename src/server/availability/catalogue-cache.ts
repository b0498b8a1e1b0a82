import type { Interval } from '../../domain/types';
import type { SearchCandidate, SearchFacts } from './load-availability-data';

// What a search reads from the catalogue (whether the city exists, the selected treatments and
// their prices, the city's therapists who offer them and their availability windows) changes only
// when the catalogue does, which is rare; the bookings change all the time. So those reads are
// kept with the catalogue version they were read at, and a search uses them only when the version
// it reads with the bookings, in the same statement, is still that one: every answer is still
// the one the database gives at that search, never a copy kept for a while (docs/decisions/0058,
// 0061). Each instance keeps its own; the version is the database's.

interface Entry<T> {
  version: string;
  value: T;
  weight: number;
}

/** Values kept with the catalogue version they were read at; least recently used out first. */
export class VersionedStore<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private weight = 0;

  /** `maxWeight`: how much may be kept in all, in the units `set` is given. */
  constructor(private readonly maxWeight: number) {}

  /** The value kept under this key and the version it was read at. */
  get(key: string): { version: string; value: T } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Most recently used last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { version: hit.version, value: hit.value };
  }

  /** Keeps a value read at `version`; shared by every search that uses it, so frozen first. */
  set(key: string, version: string, value: T, weight = 1): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { version, value, weight });
    this.weight += weight;
    while (this.weight > this.maxWeight) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.weight -= old.weight;
  }
}

/** A search's candidates, with their windows read over `coverage`. */
export interface KeptCandidates {
  candidates: readonly SearchCandidate[];
  coverage: Interval;
}

function deepFreeze(candidates: SearchCandidate[]): readonly SearchCandidate[] {
  for (const c of candidates) {
    Object.freeze(c.acceptedGenders);
    Object.freeze(c.serviceIds);
    for (const w of c.windows) Object.freeze(w);
    Object.freeze(c.windows);
    Object.freeze(c);
  }
  return Object.freeze(candidates);
}

export class CatalogueCache {
  /** Search facts by city and treatments asked for; at most 1,000. */
  readonly facts = new VersionedStore<SearchFacts>(1000);
  /**
   * Candidates by city, main treatments and therapist, at most 20,000 therapists in all: with a
   * therapist's windows over 38 days, some 30 MB at most.
   */
  readonly candidates = new VersionedStore<KeptCandidates>(20_000);

  static factsKey(city: string, treatmentIds: string[]): string {
    return [city, [...treatmentIds].sort().join(',')].join('|');
  }

  static candidatesKey(
    city: string,
    baseTreatmentIds: string[],
    onlyTherapistId: string | null,
  ): string {
    return [city, [...baseTreatmentIds].sort().join(','), onlyTherapistId ?? '*'].join('|');
  }

  keepFacts(key: string, facts: SearchFacts): void {
    Object.freeze(facts.treatments);
    for (const t of facts.treatments) {
      Object.freeze(t.addOnIds);
      Object.freeze(t);
    }
    this.facts.set(key, facts.catalogueVersion, Object.freeze(facts));
  }

  keepCandidates(key: string, version: string, kept: KeptCandidates): void {
    const value = { candidates: deepFreeze([...kept.candidates]), coverage: kept.coverage };
    this.candidates.set(key, version, Object.freeze(value), Math.max(1, kept.candidates.length));
  }
}
