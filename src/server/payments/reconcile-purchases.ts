import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/query-rows';
import type { WarnLog } from '../db/warn-log';
import type { StoredChargeRequest } from './payment-provider';
import type { Outcome, Purchases, SomePurchase } from './purchase';
import { purchaseOf } from './purchase-ref';
import { runProviderTasksNow } from './run-provider-tasks-now';
import { settleAttempt } from './settle-purchase';

// Settles payment attempts whose answer never came back: the server died between calling the
// provider and recording the outcome, or the call timed out. Attempts left pending past
// PAYMENT_RECONCILE_AFTER_SECONDS are claimed with FOR UPDATE SKIP LOCKED (and the claim pushes
// their next check out, so two instances never work on one at once), the provider is asked what
// happened — outside any transaction — and the answer is settled like any other, by the purchase
// it pays for: a booking is confirmed if the slot is still ours, otherwise the money is refunded
// in full; a gift card order is paid (its card issued and its email queued) unless another
// attempt paid it first.

const BATCH = 20;

interface Claimed {
  id: string;
  provider: string;
  idempotency_key: string;
  provider_payment_id: string | null;
  provider_request: StoredChargeRequest | null;
  booking_id: string | null;
  gift_card_id: string | null;
  tip_id: string | null;
}

/** One pass: answers how many attempts it settled. */
export async function reconcilePurchases(
  ctx: AppContext,
  purchases: Purchases,
  log: WarnLog,
): Promise<number> {
  const now = ctx.now();
  const lease = new Date(now.getTime() + ctx.config.payments.reconcileAfterSeconds * 1000);
  const claimed = await queryRows<Claimed>(
    ctx.db,
    sql`update payment p set check_after = ${lease.toISOString()}::timestamptz
        from (select id from payment
              where status = 'pending' and provider = ${ctx.payments.name}
                and check_after <= ${now.toISOString()}::timestamptz
              order by check_after
              limit ${BATCH}
              for update skip locked) due
        where p.id = due.id
        returning p.id, p.provider, p.idempotency_key, p.provider_payment_id, p.provider_request,
                  p.booking_id, p.gift_card_id, p.tip_id`,
  );
  const settled: { purchase: SomePurchase; outcome: Outcome }[] = [];
  for (const attempt of claimed) {
    try {
      const outcome = await ctx.payments.recover({
        idempotencyKey: attempt.idempotency_key,
        providerPaymentId: attempt.provider_payment_id,
        request: attempt.provider_request,
      });
      const ref = purchaseOf({
        id: attempt.id,
        bookingId: attempt.booking_id,
        giftCardId: attempt.gift_card_id,
        tipId: attempt.tip_id,
      });
      const purchase = purchases[ref.kind];
      const step = await settleAttempt(ctx, purchase, ref.id, attempt.id, outcome);
      log.warn(
        { paymentId: attempt.id, outcome: outcome.kind, step: step.kind },
        'settled a payment whose answer had been lost',
      );
      settled.push({ purchase, outcome: purchase.outcomeOf(step) });
    } catch (error) {
      // Still no answer: the claim has pushed the next check out; try again then.
      log.warn({ err: error, paymentId: attempt.id }, 'payment still not reconciled');
    }
  }
  if (settled.length > 0) {
    for (const { purchase, outcome } of settled) purchase.afterCommit(ctx, outcome);
    await runProviderTasksNow(ctx, log);
  }
  return settled.length;
}
