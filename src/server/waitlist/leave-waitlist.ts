import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import { notFound } from '../http/problem';

// Leaving the waitlist: idempotent (an entry already ended answers the same), and a time held
// for the entry right now goes back at once for the next person instead of running out.

export async function leaveWaitlist(
  ctx: Pick<AppContext, 'db' | 'now' | 'availabilityCache'>,
  customerId: string,
  entryId: string,
): Promise<void> {
  const now = ctx.now().toISOString();
  const released = await inTransaction(ctx.db, async (tx) => {
    const [entry] = await queryRows<{ status: string }>(
      tx,
      sql`select status from waitlist_entry
          where id = ${entryId} and customer_id = ${customerId} for update`,
    );
    if (!entry) throw notFound('No such waitlist entry.');
    if (entry.status !== 'waiting') return 0;
    await queryRows(
      tx,
      sql`update waitlist_entry set status = 'left', ended_at = ${now}::timestamptz,
                                    updated_at = ${now}::timestamptz
          where id = ${entryId}`,
    );
    const offers = await queryRows<{ booking_id: string }>(
      tx,
      sql`update waitlist_offer set status = 'lapsed', updated_at = ${now}::timestamptz
          where entry_id = ${entryId} and status = 'offered' returning booking_id`,
    );
    if (offers.length === 0) return 0;
    // Only a hold not yet being paid: a payment under way settles as payments do.
    const freed = await queryRows<{ id: string }>(
      tx,
      sql`update booking set status = 'expired', hold_expires_at = ${now}::timestamptz,
                             updated_at = ${now}::timestamptz
          where id in ${offers.map((o) => o.booking_id)} and status = 'held'
          returning id`,
    );
    return freed.length;
  });
  if (released > 0) ctx.availabilityCache.clear();
}
