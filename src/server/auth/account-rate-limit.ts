import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

export interface RateRule {
  windowSeconds: number;
  max: number;
}

/**
 * Counts attempts against one account (by email), in the same table as better-auth's per-IP
 * counters, so an attacker rotating addresses still meets a limit on the account they target.
 * One atomic upsert: concurrent attempts on any instance cannot both slip under the limit.
 */
export async function consumeAccountAttempt(
  db: Db,
  key: string,
  rule: RateRule,
  nowMs: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = nowMs - rule.windowSeconds * 1000;
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`INSERT INTO rate_limit (id, key, count, last_request)
        VALUES (${randomUUID()}, ${key}, 1, ${nowMs})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.last_request < ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN rate_limit.last_request < ${windowStart} THEN ${nowMs}
                              ELSE rate_limit.last_request END
        RETURNING count, last_request`,
  );
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const started = Number(row.last_request);
  return {
    allowed: row.count <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - nowMs) / 1000)),
  };
}
