import type { CustomerProfile } from '../../domain/types';

// Who holds a session cookie is asked on every signed-in request, and answering it costs two
// reads (better-auth's session, then its user). A hold and its payment asked four times. This
// keeps the answer for a few seconds per instance, keyed by the request's whole Cookie header
// (the signed session token is in it, so a forged or changed cookie is simply a miss).
//
// Why that is safe (docs/decisions/0046): a request on this instance that can end a session or
// change what the profile says (sign-out, password change or reset, PATCH or DELETE /api/me, the
// internal roles API) clears the cache before its answer is sent, so the same instance never
// answers from a revoked session afterwards; another instance catches up within the TTL, like its
// availability cache. An entry never outlives the session's own expiry. Decisions about money
// (paying by invoice) read the account from the database, not from here.

interface Entry {
  customer: CustomerProfile;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by clear(): a lookup that began before a clear must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): CustomerProfile | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > this.clock()) return hit.customer;
    this.entries.delete(key);
    return undefined;
  }

  /** Call before the lookup; pass the answer to the returned function to keep it. */
  begin(key: string): (customer: CustomerProfile, sessionExpiresAt: number) => void {
    const started = this.generation;
    return (customer, sessionExpiresAt) => {
      if (this.ttlMs <= 0 || started !== this.generation) return;
      const until = Math.min(this.clock() + this.ttlMs, sessionExpiresAt);
      this.entries.set(key, { customer, until });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    };
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** Requests that can end a session or change a profile: they clear the cache before answering. */
export function changesSessions(method: string, url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  if (path.startsWith('/api/auth/')) return path !== '/api/auth/get-session';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return path === '/api/me' || path.startsWith('/api/me/') || path.startsWith('/api/internal/');
}
