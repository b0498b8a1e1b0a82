import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

/** How often old live events are removed; a few minutes more of them are kept meanwhile. */
export const PRUNE_INTERVAL_MS = 5 * 60_000;

const BATCH = 5000;

/**
 * Removes live events older than the retention (LIVE_RETENTION_MINUTES), a batch at a time so
 * no statement holds many locks; a stream resuming from one of them is told to refetch
 * everything. The newest row always stays: `ready` hands it out as a resume point, and it is
 * what tells "pruned" from "nothing happened". Ages are the database clock's, which wrote them.
 * Instances pruning at once skip each other's rows.
 */
export async function pruneCustomerEvents(db: Db, retentionMinutes: number): Promise<number> {
  const retention = sql.raw(`interval '${Math.floor(retentionMinutes)} minutes'`);
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from customer_event where id in (
            select id from customer_event
            where created_at < now() - ${retention}
              and id < (select max(id) from customer_event)
            order by id limit ${BATCH}
            for update skip locked)
          returning id`,
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}
