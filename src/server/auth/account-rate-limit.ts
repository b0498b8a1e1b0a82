import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

export interface RateRule {
  windowSeconds: number;
  max: number;
}

export interface AttemptVerdict {
  allowed: boolean;
  /** Seconds until this window ends and the key may try again. */
  retryAfterSeconds: number;
}

// No rule lasts longer than an hour; a day keeps clock skew between instances harmless.
const ROW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Rows that remember a successful sign-in from an address rather than count attempts
 * (known-addresses.ts). They share the table, and its erasure, but are kept for a month.
 */
export const KNOWN_KEY_PREFIX = 'account:known|';
export const KNOWN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Counts one attempt against a key in a fixed window that starts at the first attempt, so "60 per
 * 15 minutes" means exactly that and the retry time is the real end of the window. (better-auth's
 * own storage restarts the window at every allowed attempt, which would lock out a busy office that
 * never goes quiet for a whole window.) One atomic upsert: concurrent attempts on any instance
 * cannot both slip under the limit. Per-address counters (better-auth's keys, "ip|path") and
 * per-account ones ("account:path:email") share the table.
 */
export async function consumeAttempt(
  db: Db,
  key: string,
  rule: RateRule,
  nowMs: number,
): Promise<AttemptVerdict> {
  const windowStart = nowMs - rule.windowSeconds * 1000;
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`INSERT INTO rate_limit (id, key, count, last_request)
        VALUES (${randomUUID()}, ${key}, 1, ${nowMs})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.last_request <= ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN rate_limit.last_request <= ${windowStart} THEN ${nowMs}
                              ELSE rate_limit.last_request END
        RETURNING count, last_request`,
  );
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  // A new window is a cheap moment to forget keys nobody has used for a day.
  if (row.count === 1) await pruneOldAttempts(db, nowMs);
  const started = Number(row.last_request);
  return {
    allowed: row.count <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - nowMs) / 1000)),
  };
}

/**
 * Takes back an attempt that turned out not to be a guess (a correct password, or one refused by
 * another limit), so customers signing in successfully never use up their own account's budget.
 */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limit SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
}

async function pruneOldAttempts(db: Db, nowMs: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limit
        WHERE last_request < ${nowMs - ROW_LIFETIME_MS}
          AND (left(key, ${KNOWN_KEY_PREFIX.length}::int) <> ${KNOWN_KEY_PREFIX}
               OR last_request < ${nowMs - KNOWN_LIFETIME_MS})`,
  );
}

/** better-auth's per-address limits, counted by the same fixed-window upsert. */
export function rateLimitStorage(db: Db, now: () => Date) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const verdict = await consumeAttempt(
        db,
        key,
        { windowSeconds: rule.window, max: rule.max },
        now().getTime(),
      );
      return {
        allowed: verdict.allowed,
        retryAfter: verdict.allowed ? null : verdict.retryAfterSeconds,
      };
    },
  };
}
