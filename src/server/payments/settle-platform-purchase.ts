import type { Db } from '../db/client';
import type { DeclineReason } from './payment-provider';
import { setPayment, type PaymentRow } from './payment-rows';
import { WAITING, cardChanges, recordSuccess } from './provider-news';
import type { Outcome, Settlement } from './purchase';

// Step 3 of a purchase whose whole amount is the platform's (a gift card, a tip): no slot to
// lose and no therapist's account on the charge. What the provider's news means is the same for
// each, so it is written once; the purchase says what its own row is and what paying it buys.

/** The steps every platform purchase has; its own steps may add more. */
export type PlatformStep =
  | { kind: 'paid' }
  | { kind: 'already-paid' }
  | { kind: 'requires_action'; actionUrl: string; clientSecret: string | null }
  | { kind: 'declined'; reason: DeclineReason };

export interface PlatformPurchaseRules<Row, Step extends { kind: string }> {
  /** Whether the row still waits for its money (another card may be tried after a decline). */
  isUnpaid(row: Row): boolean;
  /** What an attempt already settled means for whoever asks again. */
  settledStep(row: Row, p: PaymentRow): Step;
  /** The row's own step for one of the shared kinds (its id added). */
  step(row: Row, step: PlatformStep): Step;
  /** Gives back money the row does not need. */
  refundInFull(tx: Db, row: Row, p: PaymentRow, now: Date): Promise<unknown>;
  /**
   * The money has arrived and been recorded for a row that was waiting for it: do what it buys
   * (issue the card, pass the tip on) and answer the step; `p` is the attempt as locked.
   */
  onPaid(tx: Db, row: Row, p: PaymentRow, paid: PaymentRow, now: Date): Promise<Step>;
}

/** Step 3: what the provider's news means for the row, under its lock. */
export async function settlePlatformPurchase<Row, Step extends { kind: string }>(
  tx: Db,
  row: Row,
  settlement: Settlement,
  rules: PlatformPurchaseRules<Row, Step>,
): Promise<Step> {
  switch (settlement.kind) {
    case 'succeeded': {
      const { p, paid, news, now } = settlement;
      if (!rules.isUnpaid(row)) {
        if (WAITING.has(p.status)) {
          // Another attempt has paid for it, or it was cancelled meanwhile: not needed.
          await setPayment(
            tx,
            p.id,
            { providerPaymentId: paid.providerPaymentId, ...cardChanges(p, news.card) },
            now,
          );
          await rules.refundInFull(tx, row, paid, now);
        }
        return rules.settledStep(row, paid);
      }
      await recordSuccess(tx, paid, now);
      // Refunded in full before its success reached us (a refund in Stripe's dashboard).
      if (paid.status === 'refunded')
        return rules.step(row, { kind: 'declined', reason: 'processing_error' });
      return rules.onPaid(tx, row, p, paid, now);
    }
    case 'abandoned':
      return rules.settledStep(row, settlement.p);
    case 'requires_action':
      return rules.step(row, {
        kind: 'requires_action',
        actionUrl: settlement.news.actionUrl,
        clientSecret: settlement.news.clientSecret,
      });
    case 'declined':
      // The row stays unpaid: the payer may try another card.
      return rules.isUnpaid(row)
        ? rules.step(row, { kind: 'declined', reason: settlement.reason })
        : rules.settledStep(row, settlement.p);
  }
}

/** What a platform purchase's step means once its transaction has committed. */
export function platformOutcomeOf(step: { kind: string }): Outcome {
  switch (step.kind) {
    case 'paid':
      return 'paid';
    case 'already-paid':
      return 'already-paid';
    case 'requires_action':
      return 'waiting';
    default:
      return 'refused';
  }
}
