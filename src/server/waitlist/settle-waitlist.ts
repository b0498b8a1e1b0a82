import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';

// The bookkeeping before each matching pass: what became of the times offered (taken: the entry
// is fulfilled and never told again; lapsed: the time is free for the next entry, and this entry
// is never offered it again), and entries whose last day has passed. Every change to an entry and
// its offers is made under the entry's row lock, claimed with FOR UPDATE SKIP LOCKED, so two
// instances share the work and a customer leaving at the same moment waits or is skipped.

const BATCH = 200;

export async function settleWaitlistOffers(
  ctx: Pick<AppContext, 'db' | 'now'>,
): Promise<{ taken: number; lapsed: number }> {
  const now = ctx.now().toISOString();
  return inTransaction(ctx.db, async (tx) => {
    const due = await queryRows<{ entry_id: string; offer_id: string; taken: boolean }>(
      tx,
      sql`select e.id as entry_id, o.id as offer_id,
                 b.status in ('confirmed', 'completed') as taken
          from waitlist_entry e
          join waitlist_offer o on o.entry_id = e.id and o.status = 'offered'
          join booking b on b.id = o.booking_id
          where b.status in ('confirmed', 'completed', 'expired', 'cancelled', 'failed')
             or (b.status = 'held' and b.hold_expires_at <= ${now}::timestamptz)
          order by o.expires_at
          limit ${BATCH}
          for update of e skip locked`,
    );
    let taken = 0;
    let lapsed = 0;
    for (const d of due) {
      const [changed] = await queryRows<{ id: string }>(
        tx,
        sql`update waitlist_offer set status = ${d.taken ? 'taken' : 'lapsed'},
                                      updated_at = ${now}::timestamptz
            where id = ${d.offer_id} and status = 'offered' returning id`,
      );
      if (!changed) continue;
      if (d.taken) {
        taken++;
        await queryRows(
          tx,
          sql`update waitlist_entry set status = 'fulfilled', ended_at = ${now}::timestamptz,
                                        updated_at = ${now}::timestamptz
              where id = ${d.entry_id} and status = 'waiting'`,
        );
      } else lapsed++;
    }
    return { taken, lapsed };
  });
}

/** Entries whose last day (UK) is before today end; an offer still open with them lapses. */
export async function expireWaitlistEntries(
  ctx: Pick<AppContext, 'db' | 'now'>,
  today: string,
): Promise<number> {
  const now = ctx.now().toISOString();
  return inTransaction(ctx.db, async (tx) => {
    const ended = await queryRows<{ id: string }>(
      tx,
      sql`with over as (
            select id from waitlist_entry
            where status = 'waiting' and to_date < ${today}::date
            order by to_date limit ${BATCH}
            for update skip locked)
          update waitlist_entry e set status = 'expired', ended_at = ${now}::timestamptz,
                                      updated_at = ${now}::timestamptz
          from over where e.id = over.id
          returning e.id`,
    );
    if (ended.length > 0) {
      await queryRows(
        tx,
        sql`update waitlist_offer set status = 'lapsed', updated_at = ${now}::timestamptz
            where status = 'offered' and entry_id in ${ended.map((e) => e.id)}`,
      );
    }
    return ended.length;
  });
}
