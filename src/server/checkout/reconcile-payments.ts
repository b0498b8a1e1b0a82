import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { reconcilePurchases } from '../payments/reconcile-purchases';
import { purchases } from './purchases';

/**
 * One pass of the payment reconciler (a background job): attempts whose answer was lost are
 * settled by the purchase they pay for (payments/reconcile-purchases.ts). Answers how many.
 */
export function reconcilePayments(ctx: AppContext, log: WarnLog): Promise<number> {
  return reconcilePurchases(ctx, purchases, log);
}
