import type { Db } from '../db/client';
import { WALLET_KINDS } from '../db/schema';
import { appendWalletEntry, debitWallet } from '../wallet/wallet-ledger';

// A booking's credit, once reserved by its hold (wallet/available-credit.ts counts the reservation
// against the balance while it waits for payment), is spent — a negative ledger entry — only when
// the booking is confirmed, and returned when it is cancelled. Callers hold the customer's wallet
// lock (lockWallet), so two bookings can never both count the same credit. See docs/decisions
// "credit application timing".

/**
 * Writes the spending once, whoever confirms the booking and however often. The reservation was
 * checked under the wallet lock (lockCreditFor), so the balance covers it; if it ever did not,
 * the confirmation is rolled back rather than the wallet overdrawn.
 */
export async function spendCredit(
  tx: Db,
  b: { id: string; customerId: string; creditAppliedPence: number },
): Promise<void> {
  if (b.creditAppliedPence <= 0) return;
  const outcome = await debitWallet(tx, {
    userId: b.customerId,
    kind: WALLET_KINDS.spent,
    amountPence: -b.creditAppliedPence,
    description: 'Credit used for a booking',
    bookingId: b.id,
    idempotencyKey: `booking-${b.id}-credit-spent`,
  });
  if (outcome === 'insufficient') {
    throw new Error(`booking ${b.id}: the wallet no longer covers its reserved credit`);
  }
}

export async function returnCredit(
  tx: Db,
  b: { id: string; customerId: string },
  amountPence: number,
): Promise<void> {
  if (amountPence <= 0) return;
  await appendWalletEntry(tx, {
    userId: b.customerId,
    kind: WALLET_KINDS.returned,
    amountPence,
    description: 'Credit returned for a cancelled booking',
    bookingId: b.id,
    idempotencyKey: `booking-${b.id}-credit-returned`,
  });
}
