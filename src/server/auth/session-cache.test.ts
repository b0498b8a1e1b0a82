import { describe, expect, it } from 'vitest';
import type { CustomerProfile } from '../../domain/types';
import { changesSessions, SessionCache } from './session-cache';

const ada: CustomerProfile = { id: 'ada', accountType: 'personal', gender: null };

describe('SessionCache', () => {
  it('answers from memory until the TTL or the session ends, whichever is first', () => {
    let now = 1_000;
    const cache = new SessionCache(5_000, () => now);
    cache.begin('cookie-a')(ada, 100_000);
    cache.begin('cookie-b')(ada, 3_000);
    now = 2_999;
    expect([cache.get('cookie-a'), cache.get('cookie-b')]).toEqual([ada, ada]);
    now = 3_000;
    expect([cache.get('cookie-a'), cache.get('cookie-b')]).toEqual([ada, undefined]);
    now = 6_000;
    expect(cache.get('cookie-a')).toBeUndefined();
  });

  it('does not keep what a lookup read before a clear (a sign-out during it)', () => {
    const cache = new SessionCache(5_000, () => 0);
    const keep = cache.begin('cookie');
    cache.clear();
    keep(ada, 100_000);
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('keeps nothing with a TTL of 0, and drops the oldest entry when full', () => {
    const off = new SessionCache(0, () => 0);
    off.begin('cookie')(ada, 100_000);
    expect(off.get('cookie')).toBeUndefined();
    const small = new SessionCache(5_000, () => 0, 2);
    for (const key of ['a', 'b', 'c']) small.begin(key)(ada, 100_000);
    expect(['a', 'b', 'c'].map((k) => small.get(k))).toEqual([undefined, ada, ada]);
  });
});

describe('changesSessions', () => {
  it('is every auth request but the session read, and writes to /api/me and /api/internal', () => {
    expect(changesSessions('POST', '/api/auth/sign-out')).toBe(true);
    expect(changesSessions('GET', '/api/auth/magic-link/verify?token=x')).toBe(true);
    expect(changesSessions('GET', '/api/auth/get-session')).toBe(false);
    expect(changesSessions('PATCH', '/api/me')).toBe(true);
    expect(changesSessions('DELETE', '/api/me')).toBe(true);
    expect(changesSessions('PUT', '/api/internal/users/a@b.c/roles')).toBe(true);
    expect(changesSessions('GET', '/api/me')).toBe(false);
    expect(changesSessions('POST', '/api/bookings')).toBe(false);
    expect(changesSessions('POST', '/api/members')).toBe(false);
  });
});
