import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { walletEntry } from '../db/schema';
import type { Wallet } from '../../contract/me';

/** The balance is the sum of the append-only ledger, never a stored number that could drift. */
export async function getWallet(db: Db, userId: string): Promise<Wallet> {
  const rows = await db
    .select({
      id: walletEntry.id,
      kind: walletEntry.kind,
      amountPence: walletEntry.amountPence,
      description: walletEntry.description,
      createdAt: walletEntry.createdAt,
    })
    .from(walletEntry)
    .where(eq(walletEntry.userId, userId))
    .orderBy(desc(walletEntry.createdAt));
  return {
    balancePence: rows.reduce((sum, r) => sum + r.amountPence, 0),
    entries: rows.map((r) => ({ ...r, id: String(r.id), createdAt: r.createdAt.toISOString() })),
  };
}
