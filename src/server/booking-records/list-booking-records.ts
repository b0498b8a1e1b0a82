import { sql, type SQL } from 'drizzle-orm';
import type {
  BookingFeedAnswer,
  BookingListAnswer,
  BookingListQuery,
} from '../../contract/booking-records';
import { UK_TIME_ZONE } from '../../domain/constants';
import { ukDayInterval } from '../../domain/uk-time';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { BookingChangeKind, BookingStatus } from '../db/schema';
import { sqlState } from '../db/transaction';
import { HttpProblem } from '../http/problem';
import { feedBound, type FeedBoundScope } from './feed-bound';
import { loadBookingRecords } from './load-booking-records';

// GET /api/internal/bookings: a filtered listing by start time, or (with since=) the change feed.
//
// The feed is read in the order of (writing transaction id, change id), and only up to the oldest
// transaction still running in this database (feed-bound.ts). A transaction that began earlier but
// commits later cannot then slip in behind a cursor already handed out: every change it will ever
// make sorts after anything returned so far. See docs/decisions/0034 and 0068.

type Filters = Pick<BookingListQuery, 'therapist' | 'city' | 'status' | 'from' | 'to'>;

function filterSql(f: Filters): SQL[] {
  const where: SQL[] = [];
  if (f.therapist) where.push(sql`b.therapist_id = ${f.therapist}`);
  if (f.city) where.push(sql`b.city_slug = ${f.city}`);
  if (f.status) {
    const list = sql.join(
      f.status.map((s) => sql`${s}`),
      sql`, `,
    );
    where.push(sql`b.status in (${list})`);
  }
  if (f.from) {
    const start = ukDayInterval(f.from, UK_TIME_ZONE).start;
    where.push(sql`b.starts_at >= ${new Date(start).toISOString()}::timestamptz`);
  }
  if (f.to) {
    const end = ukDayInterval(f.to, UK_TIME_ZONE).end;
    where.push(sql`b.starts_at < ${new Date(end).toISOString()}::timestamptz`);
  }
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

function checkRange(f: Filters): void {
  if (f.from && f.to && f.from > f.to) {
    throw new HttpProblem(400, '"from" is after "to": no booking can start in that range.', {
      errors: [{ field: 'from', message: 'must be on or before "to"' }],
    });
  }
}

/** A page of the listing, ordered by start time then id; page= continues after the last one. */
export async function listBookingRecords(
  db: Db,
  query: BookingListQuery,
): Promise<BookingListAnswer> {
  checkRange(query);
  const where = filterSql(query);
  if (query.page) {
    const match = /^(\d+)_([0-9a-f-]{36})$/.exec(query.page);
    if (!match?.[1] || !match[2]) {
      throw new HttpProblem(400, 'page must be the nextPage value of an earlier answer.', {
        errors: [{ field: 'page', message: 'not a page of this listing' }],
      });
    }
    const after = new Date(Number(match[1])).toISOString();
    where.push(sql`(b.starts_at, b.id) > (${after}::timestamptz, ${match[2]}::uuid)`);
  }
  const rows = await queryRows<{ id: string; starts_at: string | Date }>(
    db,
    sql`select b.id, b.starts_at from booking b where ${and(where)}
        order by b.starts_at, b.id limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    bookings: await loadBookingRecords(
      db,
      page.map((r) => r.id),
    ),
    nextPage:
      rows.length > query.limit && last ? `${new Date(last.starts_at).getTime()}_${last.id}` : null,
  };
}

interface ChangeRow {
  id: string | number;
  txid: string | number;
  booking_id: string;
  kind: BookingChangeKind;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  at: string | Date;
}

const INSUFFICIENT_PRIVILEGE = '42501';

/** Changes after the cursor "txid.id" ("0.0" for the beginning), oldest first. */
export async function readBookingFeed(
  db: Db,
  since: string,
  query: BookingListQuery,
): Promise<BookingFeedAnswer> {
  checkRange(query);
  const [txid = '0', id = '0'] = since.split('.');
  const read = (scope: FeedBoundScope) => {
    const where = [
      sql`(c.txid, c.id) > (${txid}::bigint, ${id}::bigint)`,
      // Only what no running transaction can still precede (see the note at the top).
      sql`c.txid < ${feedBound(scope)}`,
      ...filterSql(query),
    ];
    return queryRows<ChangeRow>(
      db,
      sql`select c.id, c.txid, c.booking_id, c.kind, c.from_status, c.to_status, c.at
          from booking_change c join booking b on b.id = c.booking_id
          where ${and(where)}
          order by c.txid, c.id limit ${query.limit + 1}`,
    );
  };
  const rows = await read('database').catch((error: unknown) => {
    // A role barred from pg_stat_activity cannot tell databases apart: wait for the whole server.
    if (sqlState(error) === INSUFFICIENT_PRIVILEGE) return read('server');
    throw error;
  });
  const page = rows.slice(0, query.limit);
  const records = new Map(
    (
      await loadBookingRecords(
        db,
        page.map((r) => r.booking_id),
      )
    ).map((r) => [r.id, r]),
  );
  const changes = page.flatMap((r) => {
    const booking = records.get(r.booking_id);
    if (!booking) return [];
    return [
      {
        cursor: `${r.txid}.${r.id}`,
        kind: r.kind,
        fromStatus: r.from_status,
        toStatus: r.to_status,
        at: new Date(r.at).toISOString(),
        booking,
      },
    ];
  });
  const last = page.at(-1);
  return {
    changes,
    nextCursor: last ? `${last.txid}.${last.id}` : `${txid}.${id}`,
    hasMore: rows.length > query.limit,
  };
}
