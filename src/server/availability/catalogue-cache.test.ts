import { describe, expect, it } from 'vitest';
import { CatalogueCache, VersionedStore } from './catalogue-cache';
import type { SearchCandidate } from './load-availability-data';

describe('VersionedStore', () => {
  it('answers a kept value with the version it was read at', () => {
    const store = new VersionedStore<string>(10);
    store.set('a', '7', 'first');
    expect(store.get('a')).toEqual({ version: '7', value: 'first' });
    store.set('a', '8', 'second');
    expect(store.get('a')).toEqual({ version: '8', value: 'second' });
    expect(store.get('b')).toBeUndefined();
  });

  it('lets the least recently used go first once the weight is over the limit', () => {
    const store = new VersionedStore<string>(10);
    store.set('a', '1', 'a', 4);
    store.set('b', '1', 'b', 4);
    store.get('a');
    store.set('c', '1', 'c', 4);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')?.value).toBe('a');
    expect(store.get('c')?.value).toBe('c');
    // Replacing an entry counts only its new weight.
    store.set('c', '2', 'c2', 6);
    expect(store.get('a')?.value).toBe('a');
  });

  it('keeps nothing heavier than the whole limit, and drops what it replaced', () => {
    const store = new VersionedStore<string>(10);
    store.set('a', '1', 'a', 2);
    store.set('a', '2', 'huge', 11);
    expect(store.get('a')).toBeUndefined();
    store.set('b', '2', 'b', 10);
    expect(store.get('b')?.value).toBe('b');
  });
});

describe('CatalogueCache', () => {
  const candidate = (): SearchCandidate => ({
    id: 't1',
    username: 'ann',
    name: 'Ann',
    photoUrl: null,
    active: true,
    paymentsConnected: true,
    businessEnabled: false,
    area: 'edinburgh',
    acceptedGenders: ['female'],
    minimumSpendPence: null,
    travel: { home: 'EH6', mode: 'car', maxTravelMinutes: null, coveredDistricts: null },
    serviceIds: ['massage'],
    latestAvailabilityEnd: 0,
    windows: [{ start: 0, end: 1 }],
  });

  it('freezes what it keeps, since every search that uses it shares it', () => {
    const cache = new CatalogueCache();
    cache.keepCandidates('k', '3', { candidates: [candidate()], coverage: { start: 0, end: 9 } });
    const kept = cache.candidates.get('k')?.value.candidates[0];
    expect(kept && Object.isFrozen(kept) && Object.isFrozen(kept.windows[0])).toBe(true);
    expect(Object.isFrozen(kept?.serviceIds)).toBe(true);
  });

  it('keys treatments as a set, and candidates by therapist too', () => {
    expect(CatalogueCache.factsKey('york', ['b', 'a'])).toBe(
      CatalogueCache.factsKey('york', ['a', 'b']),
    );
    expect(CatalogueCache.candidatesKey('york', ['a'], null)).not.toBe(
      CatalogueCache.candidatesKey('york', ['a'], 't1'),
    );
  });
});
