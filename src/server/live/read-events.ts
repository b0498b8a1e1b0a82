import { sql } from 'drizzle-orm';
import type { LiveChangeKind } from '../../contract/live';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { RESUME_OVERLAP_SECONDS, type AddressedEvent, type LiveEvent } from './live-event';

// The reads of the live channel: where the table ends, and what happened after a resume point.
// customer_event is indexed by (user_id, id); a customer has a handful of rows at a time.

interface EventRow {
  id: string;
  user_id: string;
  kind: LiveChangeKind;
  booking_id: string | null;
}

const eventOf = (row: EventRow): LiveEvent => ({
  id: Number(row.id),
  kind: row.kind,
  bookingId: row.booking_id,
});

const overlap = sql.raw(`interval '${RESUME_OVERLAP_SECONDS} seconds'`);

/** More than this to catch up on is told to refetch everything instead. */
export const STREAM_BACKLOG_LIMIT = 500;

export interface StreamStart {
  /** The newest event id of all (any customer's), a resume point for `ready`; null: none yet. */
  head: number | null;
  /** What the customer missed after the resume point, or 'reset' when it is unknown or too old. */
  missed: LiveEvent[] | 'reset';
}

/**
 * Where a new stream starts. With a resume point: every event of the customer after it, and those
 * written up to RESUME_OVERLAP_SECONDS before it (an earlier id may commit later). The resume
 * point must still be in the table (any customer's row: `ready` hands out the table's newest),
 * else what happened since may have been pruned.
 */
export async function readStreamStart(
  db: Db,
  userId: string,
  after: number | null,
): Promise<StreamStart> {
  const [ends] = await queryRows<{ head: string | null; resume_at: string | null }>(
    db,
    sql`select (select max(id) from customer_event) as head,
        (select created_at from customer_event where id = ${after ?? 0}::bigint)::text as resume_at`,
  );
  const head = ends?.head === null || ends?.head === undefined ? null : Number(ends.head);
  if (after === null) return { head, missed: [] };
  if (!ends?.resume_at) return { head, missed: 'reset' };
  const rows = await queryRows<EventRow>(
    db,
    sql`select id, user_id, kind, booking_id from customer_event
        where user_id = ${userId} and id <> ${after}::bigint
          and (id > ${after}::bigint or created_at >= ${ends.resume_at}::timestamptz - ${overlap})
        order by id limit ${STREAM_BACKLOG_LIMIT + 1}`,
  );
  if (rows.length > STREAM_BACKLOG_LIMIT) return { head, missed: 'reset' };
  return { head, missed: rows.map(eventOf) };
}

/** The newest event id, where a listener that has heard nothing yet would catch up from. */
export async function readHead(db: Db): Promise<number> {
  const [row] = await queryRows<{ head: string | null }>(
    db,
    sql`select max(id) as head from customer_event`,
  );
  return row?.head ? Number(row.head) : 0;
}

/** More than this after a lost connection: every stream is told to refetch everything. */
export const CATCH_UP_LIMIT = 5000;

/** Every customer's events after `after` (with the overlap), for a listener that reconnected. */
export async function readEventsSince(db: Db, after: number): Promise<AddressedEvent[] | 'reset'> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select id, user_id, kind, booking_id from customer_event
        where id > ${after}::bigint
           or created_at >= (select created_at from customer_event where id = ${after}::bigint) - ${overlap}
        order by id limit ${CATCH_UP_LIMIT + 1}`,
  );
  if (rows.length > CATCH_UP_LIMIT) return 'reset';
  return rows.map((row) => ({ ...eventOf(row), userId: row.user_id }));
}
