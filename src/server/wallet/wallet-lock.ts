import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Serialises everything that reads or moves one customer's credit, across instances. Taken after
 * any booking row lock (src/server/booking/booking-db.ts), and only ever for one customer at a
 * time, so two transactions cannot wait on each other's wallets.
 */
export async function lockWallet(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wallet'), hashtext(${userId}))`);
}
