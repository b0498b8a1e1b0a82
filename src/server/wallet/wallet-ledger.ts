import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { walletEntry, type WalletKind } from '../db/schema';
import { lockWallet } from './wallet-lock';

// Writing to the ledger. Every entry carries an idempotency key derived from what caused it, so
// a replayed webhook, a retried request or a job run twice writes nothing new.

export async function walletBalance(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${walletEntry.amountPence}), 0)` })
    .from(walletEntry)
    .where(eq(walletEntry.userId, userId));
  return Number(row?.balance ?? 0);
}

export interface NewWalletEntry {
  userId: string;
  kind: WalletKind;
  amountPence: number;
  /** Generic words only: the ledger is never erased, so it must hold no personal data. */
  description: string;
  idempotencyKey: string;
  bookingId?: string;
  referralId?: string;
  giftCardId?: string;
  expiresEntryId?: number;
  goodwillCreditId?: string;
  createdAt?: Date;
}

/**
 * Appends an entry unless one with its key exists; answers whether it was written. A negative
 * entry must be written under the owner's wallet lock (lockWallet), after checking the balance:
 * the database refuses one that would take the balance below zero.
 */
export async function appendWalletEntry(tx: Db, entry: NewWalletEntry): Promise<boolean> {
  if (!Number.isSafeInteger(entry.amountPence) || entry.amountPence === 0) {
    throw new RangeError(`a wallet entry moves a whole, non-zero number of pence`);
  }
  const rows = await tx
    .insert(walletEntry)
    .values(entry)
    .onConflictDoNothing({ target: walletEntry.idempotencyKey })
    .returning({ id: walletEntry.id });
  return rows.length === 1;
}

export type DebitOutcome = 'written' | 'replayed' | 'insufficient';

/**
 * Takes credit out of a wallet: under the owner's wallet lock, only if the balance covers it, and
 * only once per idempotency key (a replay answers 'replayed' and writes nothing).
 */
export async function debitWallet(tx: Db, entry: NewWalletEntry): Promise<DebitOutcome> {
  if (entry.amountPence >= 0) throw new RangeError('a debit takes a negative amount');
  await lockWallet(tx, entry.userId);
  const [seen] = await tx
    .select({ id: walletEntry.id })
    .from(walletEntry)
    .where(eq(walletEntry.idempotencyKey, entry.idempotencyKey));
  if (seen) return 'replayed';
  if ((await walletBalance(tx, entry.userId)) + entry.amountPence < 0) return 'insufficient';
  return (await appendWalletEntry(tx, entry)) ? 'written' : 'replayed';
}
