import { sql, type SQL } from 'drizzle-orm';

// The change feed hands out only changes whose writing transaction id is below a bound that every
// transaction still able to write a booking change sorts at or above (decisions 0034 and 0068).
//
// pg_snapshot_xmin(pg_current_snapshot()) is such a bound, but it is the whole server's oldest
// running transaction: one left open in any other database held the feed back. Only transactions
// connected to this database can write to booking_change, so the bound here is the oldest of the
// statement's own snapshot's running transactions that is not known to belong to another database,
// else the snapshot's xmax (every transaction id still to come is at or above it).
//
// "Known to belong to another database" means it is some other database's session's backend_xid
// in pg_stat_activity, or a prepared transaction of another database. Each transaction id is one
// transaction's and a session never changes database, so that is a permanent fact however long
// after the snapshot it is read. Whatever cannot be placed (it ended since the snapshot, or it is
// not shown) counts as this database's: the feed may then wait a little longer, but it never
// skips a change. backend_xid and datname are shown to every role, not only to superusers and
// pg_read_all_stats; where pg_stat_activity cannot be read at all, readBookingFeed falls back to
// the server-wide bound.

export type FeedBoundScope = 'database' | 'server';

const DATABASE_BOUND = sql`(
  select least(
    pg_snapshot_xmax(pg_current_snapshot()),
    (select min(running.xid)
       from pg_snapshot_xip(pg_current_snapshot()) as running(xid)
      where not exists (
              select 1 from pg_stat_activity a
               where a.backend_xid = running.xid::xid and a.datname <> current_database())
        and not exists (
              select 1 from pg_prepared_xacts p
               where p.transaction = running.xid::xid and p.database <> current_database()))
  )::text::bigint)`;

const SERVER_BOUND = sql`(pg_snapshot_xmin(pg_current_snapshot())::text::bigint)`;

/** The feed's bound as a bigint expression, taken from the statement's own snapshot. */
export function feedBound(scope: FeedBoundScope): SQL {
  return scope === 'database' ? DATABASE_BOUND : SERVER_BOUND;
}
