import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { WebhookDelivery, WebhookListAnswer, WebhookListQuery } from '../../contract/webhooks';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { booking, webhookDelivery } from '../db/schema';
import { HttpProblem } from '../http/problem';

// What an operator sees of webhook deliveries and can do about them, for the internal API and the
// admin command line alike: the ones waiting or failed, and sending one again.

type Row = typeof webhookDelivery.$inferSelect;

function viewOf(d: Row, bookingReference: string): WebhookDelivery {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type,
    bookingId: d.bookingId,
    bookingReference,
    url: d.url,
    status: d.status as WebhookDelivery['status'],
    attempts: d.attempts,
    nextAttemptAt: d.nextAttemptAt.toISOString(),
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  };
}

function selectDeliveries(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({ d: webhookDelivery, reference: booking.reference })
    .from(webhookDelivery)
    .innerJoin(booking, eq(booking.id, webhookDelivery.bookingId))
    .where(where)
    .orderBy(asc(webhookDelivery.id))
    .limit(limit);
}

/** Pending and failed deliveries (or one of the two), oldest first. */
export async function listWebhookDeliveries(
  db: Db,
  query: WebhookListQuery,
): Promise<WebhookListAnswer> {
  const statuses = query.status ? [query.status] : ['pending', 'failed'];
  const rows = await selectDeliveries(
    db,
    inArray(webhookDelivery.status, statuses),
    query.limit + 1,
  );
  return {
    deliveries: rows.slice(0, query.limit).map((r) => viewOf(r.d, r.reference)),
    hasMore: rows.length > query.limit,
  };
}

/**
 * A failed or waiting delivery becomes due now, its attempts kept (a failed one past the retry
 * period gets this one attempt more). A compare-and-set: a delivery in flight is left to its
 * worker, so the same attempt is never made twice at once.
 */
export async function retryWebhookDelivery(db: Db, id: number): Promise<WebhookDelivery> {
  const updated = await queryRows<{ id: string }>(
    db,
    sql`update webhook_delivery
        set status = 'pending', next_attempt_at = now(), claimed_until = null, claim_token = null
        where id = ${id} and status in ('pending', 'failed')
          and (claimed_until is null or claimed_until < now())
        returning id`,
  );
  const [row] = await selectDeliveries(db, eq(webhookDelivery.id, id), 1);
  if (!row) throw new HttpProblem(404, `No webhook delivery ${id}.`);
  if (updated.length > 0) return viewOf(row.d, row.reference);
  if (row.d.status === 'delivered')
    throw new HttpProblem(
      409,
      `Webhook delivery ${id} was delivered already; it is not sent again.`,
      { code: 'already_delivered' },
    );
  throw new HttpProblem(
    409,
    `Webhook delivery ${id} is being sent right now; look again in a minute.`,
    { code: 'delivery_under_way' },
  );
}
