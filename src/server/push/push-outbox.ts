import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PushPayload } from '../../contract/push-message';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

export interface OutgoingPush {
  userId: string;
  message: PushPayload;
  /** One push per device per key, e.g. `booking-<id>-confirmed`: writing it again is a no-op. */
  dedupeKey: string;
  ttlSeconds: number;
  /** At most 32 URL-safe characters; a newer push with the topic replaces an undelivered one. */
  topic?: string;
}

/**
 * Whether the user has any device to push to, as an SQL expression for a read that gathers more
 * (announcing a booking change skips the push insert, a round trip, when there is none).
 */
export const hasPushDevicesQuery = (userId: AnyColumn | SQL): SQL<boolean> =>
  sql`exists (select 1 from push_subscription s where s.user_id = ${userId})`.mapWith(Boolean);

/**
 * Queues the push for every device of the customer, in the caller's transaction: written with
 * the change it announces, so it exists if and only if that change commits. A customer with no
 * devices gets nothing queued. Answers how many devices it was queued for.
 */
export async function enqueuePush(db: Db, push: OutgoingPush): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, pushInsert(push));
  return rows.length;
}

/** enqueuePush's INSERT, for a caller that writes it in one statement with another (a CTE). */
export const pushInsert = (push: OutgoingPush): SQL =>
  sql`insert into push_outbox (subscription_id, payload, ttl_seconds, topic, dedupe_key)
      select s.id, ${JSON.stringify(push.message)}::jsonb, ${push.ttlSeconds}, ${push.topic ?? null},
             ${push.dedupeKey} || ':' || s.id::text
      from push_subscription s
      where s.user_id = ${push.userId}
      on conflict (dedupe_key) do nothing
      returning id`;
