import { and, eq } from 'drizzle-orm';
import { cardLabel } from '../../domain/card';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking, therapist, tip, user, WALLET_KINDS } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import type { PaymentRow } from '../payments/payment-rows';
import { queueTherapistTransfer } from '../payments/therapist-transfers';
import { debitWallet } from '../wallet/wallet-ledger';
import type { TipRow } from './tip-db';
import { tipReceiptEmail, tipReceiptKey } from './tip-receipt';

// What a tip's payment succeeding means, in the transaction that records it (docs/decisions/0087):
// the credit it uses is spent, the tip is paid (a compare-and-set from unpaid), the whole amount is
// queued for the therapist as a transfer (made once they have a connected account, if they have
// none yet), and the receipt is queued. Each is keyed by the tip, so whatever settles the payment
// twice (our call, the webhook, the reconciler) does each once.

/** The transfer's key: the provider moves a tip's money once, whoever queues or runs it. */
export const tipTransferKey = (tipId: string) => `tip-${tipId}-therapist-transfer`;

/**
 * Takes the credit the tip uses from the wallet, once; false when the wallet no longer covers it
 * (spent elsewhere since the tip was opened), and nothing is written.
 */
export async function spendTipCredit(tx: Db, t: TipRow): Promise<boolean> {
  if (t.creditAppliedPence <= 0) return true;
  const outcome = await debitWallet(tx, {
    userId: t.customerId,
    kind: WALLET_KINDS.tip,
    amountPence: -t.creditAppliedPence,
    description: 'Credit used for a tip',
    bookingId: t.bookingId,
    idempotencyKey: `tip-${t.id}-credit-spent`,
  });
  return outcome !== 'insufficient';
}

interface Facts {
  customerName: string;
  email: string;
  therapistName: string;
  accountId: string | null;
  startsAt: Date;
}

async function factsOf(tx: Db, t: TipRow): Promise<Facts> {
  const [row] = await tx
    .select({
      customerName: user.name,
      email: user.email,
      therapistName: therapist.name,
      accountId: therapist.paymentAccountId,
      startsAt: booking.startsAt,
    })
    .from(booking)
    .innerJoin(user, eq(user.id, booking.customerId))
    .innerJoin(therapist, eq(therapist.id, t.therapistId))
    .where(eq(booking.id, t.bookingId));
  if (!row) throw new Error(`tip ${t.id}: its booking is gone`);
  return row;
}

/**
 * Records the tip as paid, once: answers false when it was not unpaid any more (someone else
 * recorded it first), having changed nothing. The caller has spent its credit.
 */
export async function recordTipPaid(
  ctx: Pick<AppContext, 'payments' | 'config'>,
  tx: Db,
  t: TipRow,
  card: PaymentRow | null,
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(tip)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(tip.id, t.id), eq(tip.status, 'unpaid')))
    .returning({ id: tip.id });
  if (moved.length === 0) return false;
  const facts = await factsOf(tx, t);
  // The whole tip, to the therapist's account, or once they have one (therapist-transfers.ts).
  await queueTherapistTransfer(
    tx,
    ctx.payments.name,
    {
      bookingId: t.bookingId,
      therapistId: t.therapistId,
      accountId: facts.accountId,
      amountPence: t.amountPence,
      description: `Tip for booking ${t.bookingId}`,
      idempotencyKey: tipTransferKey(t.id),
    },
    now,
  );
  const receipt = {
    customerName: facts.customerName,
    therapistName: facts.therapistName,
    amountPence: t.amountPence,
    creditAppliedPence: t.creditAppliedPence,
    amountDuePence: t.amountDuePence,
    card: card?.cardLast4 ? cardLabel(card.cardBrand, card.cardLast4) : null,
    startsAt: facts.startsAt,
    publicUrl: ctx.config.publicUrl,
  };
  await enqueueMail(tx, {
    to: facts.email,
    ...tipReceiptEmail(receipt),
    dedupeKey: tipReceiptKey(t.id),
  });
  return true;
}
