import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs `work` in one transaction that first takes the transaction-scoped advisory lock named
 * `name`. Whoever takes the same lock meanwhile, another instance on the same database included,
 * waits for the commit and then reads what this one wrote, so a check-then-insert inside cannot
 * race. The commit or rollback releases it, so a crash cannot leave it held, and on failure
 * nothing of the work stays. The lock is held to the end: no network call belongs in `work`.
 *
 * The key is hashtext(name), a 32-bit number: never the migrations' key, which is larger, and
 * apart from the two-part keys of the wallet lock.
 */
export async function inTransactionUnderLock<T>(
  db: Db,
  name: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
    return work(tx);
  });
}
