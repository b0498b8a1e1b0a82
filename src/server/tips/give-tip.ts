import { tipView } from '../../domain/tips';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { HttpProblem } from '../http/problem';
import { payPurchase } from '../payments/pay-purchase';
import { DECLINE_MESSAGES } from '../payments/payment-provider';
import { alreadyTipped, tipPurchase, type TipStep } from './tip-purchase';
import { findTip } from './tip-db';
import type { TipAnswer, TipInput } from '../../contract/tips';

/**
 * Tips a completed appointment (docs/decisions/0087): by card through the purchase pipeline, or
 * at once by credit (tip-purchase.ts). Never charges twice: a double click, a retry or a second
 * tab finds the first attempt pending and answers what it ends in.
 */
export async function giveTip(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  input: TipInput,
  log: WarnLog,
): Promise<TipAnswer> {
  const step = await payPurchase(ctx, tipPurchase, customer, bookingId, input, log);
  return tipAnswer(ctx, step);
}

/** The customer's answer for a settled step, once its follow-ups are done; a refusal throws. */
export async function tipAnswer(ctx: Pick<AppContext, 'db'>, step: TipStep): Promise<TipAnswer> {
  switch (step.kind) {
    case 'paid':
    case 'already-paid': {
      const t = await findTip(ctx.db, step.tipId);
      if (!t) throw new Error(`tip ${step.tipId} vanished`);
      return { status: 'confirmed', tipId: t.id, tip: tipView(t) };
    }
    case 'requires_action':
      return {
        status: 'requires_action',
        tipId: step.tipId,
        actionUrl: step.actionUrl,
        ...(step.clientSecret ? { clientSecret: step.clientSecret } : {}),
      };
    case 'declined':
      // Nothing was charged and the tip is still there to pay with another card.
      throw new HttpProblem(402, `${DECLINE_MESSAGES[step.reason]} Nothing was charged.`, {
        code: step.reason,
        extensions: { slotReleased: false },
      });
    case 'credit-changed':
      throw new HttpProblem(
        409,
        'Your wallet credit changed while you were paying, so we did not keep the card payment: it is being refunded in full. Please try again.',
        { code: 'credit_changed' },
      );
    case 'refunded':
      throw alreadyTipped();
  }
}
