import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import type { HttpProblem } from '../http/problem';
import type { CardPaymentInput } from './payment-source';
import type { WarnLog } from '../db/warn-log';
import type { DeclineReason } from './payment-provider';
import type { PaymentRow } from './payment-rows';
import type { ProviderNews, SucceededNews } from './provider-news';
import type { PurchaseKind } from './purchase-ref';

// What is being bought — a booking, a gift card, a tip — as the purchase pipeline (pay-purchase.ts,
// settle-purchase.ts, sync-purchase.ts, reconcile-purchases.ts) sees it. The pipeline does what
// every payment does: the attempt, the provider call with no transaction open, the payment row's
// changes, abandoning a payment at the bank, the provider calls after the commit. A purchase says
// only what is its own: how to lock it, whether it can be paid and for how much, and what money
// arriving, a decline, or a refund means for it (docs/architecture.md#payments). Implemented once
// each, by the folder that owns the thing bought: booking/booking-purchase.ts,
// gift-cards/gift-card-purchase.ts and tips/tip-purchase.ts.

/** What a purchase's step 1 found under its lock. */
export type Opened<Row, Step> =
  /** Nothing to charge: it is paid, cannot be paid, or was just paid by credit or invoice. */
  | { kind: 'step'; step: Step }
  /** An attempt is already with the provider (a double click, a retry): wait for it. */
  | { kind: 'in-flight'; paymentId: string; row: Row }
  /** To be charged to a card: attempt `attempt`, on the terms given once the card is known. */
  | {
      kind: 'charge';
      row: Row;
      attempt: number;
      card: CardPaymentInput;
      /** Read after the card is checked, so a problem with the card is reported first. */
      terms: () => ChargeTerms;
      /** Once the attempt is recorded, in the same transaction. */
      recorded?: () => Promise<void>;
    };

/** What the provider is asked to take, and for whom. */
export interface ChargeTerms {
  amountPence: number;
  /** The line on the payer's statement. */
  description: string;
  /** Connect: the account that receives the money less the fee; null for the platform alone. */
  destinationAccountId: string | null;
  applicationFeePence: number;
}

/**
 * What the provider's news came to, handed to the purchase under its lock with the payment row
 * already written: the purchase decides what it means for itself and answers its step.
 */
export type Settlement =
  /** Money arrived. `p` is the attempt as locked, `paid` as the success leaves it (not written). */
  | { kind: 'succeeded'; p: PaymentRow; paid: PaymentRow; news: SucceededNews; now: Date }
  /** The bank wants the payer (3-D Secure); the payment now says so. */
  | {
      kind: 'requires_action';
      p: PaymentRow;
      news: Extract<ProviderNews, { status: 'requires_action' }>;
      now: Date;
    }
  /** The bank wants the payer, but the purchase no longer takes money: abandoned at the bank. */
  | { kind: 'abandoned'; p: PaymentRow; now: Date }
  /** Refused (`failed`) or cancelled at the bank; the payment now says why. */
  | {
      kind: 'declined';
      p: PaymentRow;
      news: Extract<ProviderNews, { status: 'failed' | 'canceled' }>;
      reason: DeclineReason;
      now: Date;
    };

/** What a step means once its transaction has committed. */
export type Outcome = 'paid' | 'already-paid' | 'waiting' | 'refused';

/** A refund the provider reports (ours echoed back, or one made in its dashboard). */
export interface ReportedRefund {
  /** The payment's status it comes to: 'refunded' when all the money has gone back. */
  status: 'refunded' | 'partially_refunded';
  /** How much more has gone back than the payment said before. */
  deltaPence: number;
}

export interface Purchase<Row extends { id: string }, Step extends { kind: string }, Input> {
  readonly kind: PurchaseKind;

  // Finding and locking: the purchase's row first, then its payment's (the locking rules).
  /** Locks it and reads it fresh; null when there is no such purchase. */
  lock(tx: Db, id: string): Promise<Row | null>;
  /** Locks it and one of its payments, in that order; null when either is missing. */
  lockWithPayment(
    tx: Db,
    id: string,
    paymentId: string,
  ): Promise<{ row: Row; p: PaymentRow } | null>;
  /** Reads it without a lock. */
  find(db: Db, id: string): Promise<Row | null>;
  /** Who pays for it: only they may pay, re-check or authenticate. */
  payerOf(row: Row): string;
  notFound(): HttpProblem;
  latestPayment(db: Db, id: string): Promise<PaymentRow | null>;

  // Step 1, under the lock.
  open(
    ctx: AppContext,
    tx: Db,
    payer: CustomerProfile,
    id: string,
    input: Input,
    now: Date,
  ): Promise<Opened<Row, Step>>;

  // Step 3, under the lock.
  /** Whether it still takes money: a payment the bank holds for it is worth finishing. */
  isOpen(row: Row): boolean;
  settle(
    ctx: Pick<AppContext, 'config' | 'now' | 'payments'>,
    tx: Db,
    row: Row,
    settlement: Settlement,
  ): Promise<Step>;
  /** What an attempt already settled means for whoever asks again. */
  settledStep(row: Row, p: PaymentRow): Step;
  refundReported(
    tx: Db,
    row: Row,
    p: PaymentRow,
    refund: ReportedRefund,
    now: Date,
    log: WarnLog,
  ): Promise<void>;

  // After the commit.
  outcomeOf(step: Step): Outcome;
  /** Its own follow-ups (mail to send, answers to forget); provider calls are the pipeline's. */
  afterCommit(ctx: AppContext, outcome: Outcome): void;
}

/**
 * Any purchase, for the paths that find one from a payment row (the reconciler, webhooks): its
 * rows and steps are opaque there, handed back only to the purchase they came from.
 */
export type SomePurchase = Purchase<{ id: string }, { kind: string }, never>;

export type Purchases = Record<PurchaseKind, SomePurchase>;
