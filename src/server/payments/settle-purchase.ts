import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import type { DeclineReason, RecoveredCharge } from './payment-provider';
import { setPayment, type PaymentRow } from './payment-rows';
import { enqueueProviderTask } from './provider-tasks';
import { WAITING, afterSuccess, cardChanges, newsOf, type ProviderNews } from './provider-news';
import type { Purchase } from './purchase';
import { chargedFor } from './purchase-ref';
import { runProviderTasksNow } from './run-provider-tasks-now';

// Payment step 3 (docs/architecture.md#payments), for any purchase: applies what the provider says
// about an attempt — the answer to our own call, the customer's return from 3-D Secure, a webhook,
// or what the reconciler found out — under the purchase's lock, in one short transaction with no
// network call. Every rule only moves forward, so the same news twice, or old news after new (a
// late "succeeded" after a refund), changes nothing. The payment's row is written here; what the
// news means for the purchase (confirm a booking, issue a gift card, give money back that is not
// needed) is the purchase's own (Purchase.settle).

type SettleContext = Pick<AppContext, 'config' | 'now' | 'payments'>;

/** Applies news about an attempt; the caller holds the purchase's lock, then the payment's. */
export async function settleNews<Row extends { id: string }, Step extends { kind: string }>(
  ctx: SettleContext,
  tx: Db,
  purchase: Purchase<Row, Step, never>,
  row: Row,
  p: PaymentRow,
  news: ProviderNews,
  now: Date,
): Promise<Step> {
  if (news.status === 'succeeded')
    return purchase.settle(ctx, tx, row, {
      kind: 'succeeded',
      p,
      paid: afterSuccess(p, news),
      news,
      now,
    });
  // A failure or a request for action after the payment settled changes nothing.
  if (!WAITING.has(p.status)) return purchase.settledStep(row, p);

  if (news.status === 'requires_action') {
    if (!purchase.isOpen(row)) {
      // Released, paid or cancelled while we waited for the provider: abandon it at the bank.
      await setPayment(
        tx,
        p.id,
        { status: 'canceled', providerPaymentId: news.providerPaymentId, actionUrl: null },
        now,
      );
      if (p.provider === ctx.payments.name)
        await enqueueProviderTask(
          tx,
          p.provider,
          {
            kind: 'cancel_payment',
            bookingId: chargedFor({ kind: purchase.kind, id: row.id }).bookingId,
            providerPaymentId: news.providerPaymentId,
            idempotencyKey: `payment-${p.id}-abandon`,
          },
          now,
        );
      return purchase.settle(ctx, tx, row, { kind: 'abandoned', p, now });
    }
    await setPayment(
      tx,
      p.id,
      {
        status: 'requires_action',
        providerPaymentId: news.providerPaymentId,
        actionUrl: news.actionUrl,
        ...cardChanges(p, news.card),
      },
      now,
    );
    return purchase.settle(ctx, tx, row, { kind: 'requires_action', p, news, now });
  }

  const reason: DeclineReason = news.status === 'failed' ? news.reason : 'authentication_failed';
  await setPayment(
    tx,
    p.id,
    {
      status: news.status === 'failed' ? 'failed' : 'canceled',
      failureReason: reason,
      actionUrl: null,
      ...(news.status === 'failed' && news.providerPaymentId
        ? { providerPaymentId: news.providerPaymentId }
        : {}),
      ...(news.status === 'failed' ? cardChanges(p, news.card) : {}),
    },
    now,
  );
  return purchase.settle(ctx, tx, row, { kind: 'declined', p, news, reason, now });
}

/**
 * Step 3 of an attempt we made (or the reconciler asked about): applies the provider's answer
 * unless someone settled it first.
 */
export async function settleAttempt<Row extends { id: string }, Step extends { kind: string }>(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'payments'>,
  purchase: Purchase<Row, Step, never>,
  id: string,
  paymentId: string,
  outcome: RecoveredCharge,
): Promise<Step> {
  return inTransaction(ctx.db, async (tx) => {
    const locked = await purchase.lockWithPayment(tx, id, paymentId);
    if (!locked) throw new Error(`payment ${paymentId} lost its ${purchase.kind}`);
    const { row, p } = locked;
    if (p.status !== 'pending') return purchase.settledStep(row, p);
    return settleNews(ctx, tx, purchase, row, p, newsOf(p, outcome), ctx.now());
  });
}

/**
 * After a settling transaction has committed: the provider calls it decided on (a refund, an
 * abandonment) are made now rather than at the worker's next pass — failure leaves them to the
 * worker — and the purchase does its own follow-ups (its mail, its cached answers).
 */
export async function afterSettled<Step extends { kind: string }>(
  ctx: AppContext,
  purchase: Purchase<{ id: string }, Step, never>,
  step: Step,
  log: WarnLog,
): Promise<void> {
  const outcome = purchase.outcomeOf(step);
  // Only a refused, lost or unneeded payment can have queued a refund or an abandonment.
  if (outcome === 'already-paid' || outcome === 'refused') await runProviderTasksNow(ctx, log);
  purchase.afterCommit(ctx, outcome);
}
