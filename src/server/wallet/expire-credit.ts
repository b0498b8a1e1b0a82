import { asc, eq, sql } from 'drizzle-orm';
import { DAY_MS } from '../../domain/constants';
import { creditToExpire } from '../../domain/wallet';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { walletEntry, WALLET_KINDS } from '../db/schema';
import { appendWalletEntry } from './wallet-ledger';
import { lockWallet } from './wallet-lock';

export const EXPIRY_INTERVAL_MS = 15 * 60 * 1000;
const BATCH = 50;

/**
 * Writes off one wallet's credit older than the expiry, oldest credit spent first, each earlier
 * entry at most once (its id is the expiry's key). Under the wallet lock, so it cannot race a
 * checkout spending the same pence.
 */
export async function expireWalletOf(
  tx: Db,
  userId: string,
  now: Date,
  expiryDays: number,
): Promise<number> {
  await lockWallet(tx, userId);
  const entries = await tx
    .select({
      id: walletEntry.id,
      kind: walletEntry.kind,
      amountPence: walletEntry.amountPence,
      createdAt: walletEntry.createdAt,
      expiresEntryId: walletEntry.expiresEntryId,
    })
    .from(walletEntry)
    .where(eq(walletEntry.userId, userId))
    .orderBy(asc(walletEntry.id));
  const due = creditToExpire(
    entries.map((e) => ({ ...e, createdAtMs: e.createdAt.getTime() })),
    now.getTime(),
    expiryDays,
  );
  let written = 0;
  for (const expiry of due) {
    const added = await appendWalletEntry(tx, {
      userId,
      kind: WALLET_KINDS.expired,
      amountPence: -expiry.amountPence,
      description: 'Credit expired',
      expiresEntryId: expiry.entryId,
      idempotencyKey: `wallet-entry-${expiry.entryId}-expired`,
      createdAt: now,
    });
    if (added) written++;
  }
  return written;
}

/**
 * The expiry job (off unless WALLET_CREDIT_EXPIRY_DAYS is set). Claims wallets through their old
 * credit entries with SKIP LOCKED, so instances share the work; a wallet still holding credit
 * added before the cut-off and not yet written off is looked at again on each pass.
 */
export async function expireWalletCredit(
  ctx: Pick<AppContext, 'config' | 'db' | 'now'>,
): Promise<number> {
  const days = ctx.config.wallet.creditExpiryDays;
  if (days === null) return 0;
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  let afterId = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const claimed = await queryRows<{ id: string | number; user_id: string }>(
        tx,
        sql`select e.id, e.user_id from wallet_entry e
            where e.id > ${afterId} and e.amount_pence > 0
              and e.created_at <= ${cutoff.toISOString()}::timestamptz
              and not exists (select 1 from wallet_entry x where x.expires_entry_id = e.id)
              and (select sum(b.amount_pence) from wallet_entry b where b.user_id = e.user_id) > 0
            order by e.id
            limit ${BATCH}
            for update of e skip locked`,
      );
      const users = [...new Set(claimed.map((r) => r.user_id))];
      let written = 0;
      for (const userId of users) written += await expireWalletOf(tx, userId, now, days);
      return { claimed: claimed.length, lastId: Number(claimed.at(-1)?.id ?? afterId), written };
    });
    total += batch.written;
    afterId = batch.lastId;
    if (batch.claimed < BATCH) return total;
  }
}
