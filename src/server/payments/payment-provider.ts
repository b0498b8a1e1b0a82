// What the booking use cases need from a card payment provider (docs/architecture.md#payments). Two
// implementations: `demo` (a card network in test mode, in-process) and `stripe` (the official
// SDK). Providers never see or return a full card number: brand and last 4 only.

export type PaymentSource =
  /** Card details typed into our own form: only the demo provider accepts these. */
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
  /** A card tokenised in the browser by the provider's own script (Stripe.js: pm_…). */
  | { kind: 'payment-method'; paymentMethodId: string }
  /** A card saved earlier: the provider's token from saved_card. */
  | { kind: 'saved'; providerCardId: string };

/** A source the provider can be asked about again: a token, never card details. */
export type ReplayableSource = Exclude<PaymentSource, { kind: 'card' }>;

/**
 * What is kept of a charge request on the payment attempt: everything the provider was sent,
 * but a card typed into our own form (demo only) is kept as null, never its number.
 */
export type StoredChargeRequest = Omit<ChargeRequest, 'source'> & {
  source: ReplayableSource | null;
};

export function storableRequest(request: ChargeRequest): StoredChargeRequest {
  const { source, ...rest } = request;
  return { ...rest, source: source.kind === 'card' ? null : source };
}

export interface ChargeRequest {
  /** What is paid for: a booking, or else a gift card (giftCardId). */
  bookingId: string | null;
  giftCardId?: string | null;
  /** Or a tip (docs/decisions/0087). */
  tipId?: string | null;
  /** Our payment row's id: the demo provider's authentication page is keyed by it. */
  paymentId: string;
  amountPence: number;
  /** Derived from the booking or gift card and the attempt, so a retry can never charge twice. */
  idempotencyKey: string;
  description: string;
  source: PaymentSource;
  /** Keep the card for next time (only after the payment succeeds). */
  saveCard: boolean;
  /** The provider's customer record, when a card is saved or used from the saved list. */
  providerCustomerId: string | null;
  /** Connect: the therapist's account that receives the money less the platform fee. */
  destinationAccountId: string | null;
  applicationFeePence: number;
  /** Where the bank's authentication page sends the customer back. */
  returnUrl: string;
}

export interface CardDetails {
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** The provider's reusable token for this card (saved only when the customer asks). */
  paymentMethodId: string | null;
}

export type DeclineReason =
  'card_declined' | 'insufficient_funds' | 'authentication_failed' | 'processing_error';

export type ChargeOutcome =
  | { kind: 'succeeded'; providerPaymentId: string; card: CardDetails }
  | {
      kind: 'requires_action';
      providerPaymentId: string;
      card: CardDetails;
      /** Where to send the customer; null means our own /authorisation/confirm page. */
      redirectUrl: string | null;
      clientSecret: string | null;
    }
  | {
      kind: 'declined';
      providerPaymentId: string | null;
      reason: DeclineReason;
      card: CardDetails;
    };

/** The provider's current view of a payment, for re-syncing after a redirect or a webhook. */
export type ProviderPaymentState =
  | { status: 'succeeded'; card: CardDetails }
  | { status: 'requires_action' | 'processing' }
  | { status: 'failed'; reason: DeclineReason }
  | { status: 'canceled' };

/** What the provider did with an attempt whose answer we never received. */
export type RecoveredCharge = ChargeOutcome | { kind: 'not_charged' };

export interface TransferRequest {
  destinationAccountId: string;
  amountPence: number;
  idempotencyKey: string;
  bookingId: string;
  description: string;
}

export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  /** Which kinds of source this provider takes for a new card. */
  readonly newCardSource: 'card' | 'payment-method';
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * Finds out what became of an attempt whose answer was lost (a crash, a timeout): asks about
   * the payment if its id is known, otherwise repeats the stored request under the same key.
   */
  recover(attempt: {
    idempotencyKey: string;
    providerPaymentId: string | null;
    request: StoredChargeRequest | null;
  }): Promise<RecoveredCharge>;
  /** Pays a therapist's connected account from the platform's balance. */
  transfer(request: TransferRequest): Promise<{ providerTransferId: string | null }>;
  /** Forgets a customer at the provider (account deletion): their saved cards go with it. */
  deleteCustomer(providerCustomerId: string): Promise<void>;
  retrieve(providerPaymentId: string): Promise<ProviderPaymentState>;
  /** Abandons a payment that still needs the customer (3-D Secure never finished). */
  cancel(providerPaymentId: string, idempotencyKey: string): Promise<void>;
  refund(request: {
    providerPaymentId: string;
    amountPence: number;
    idempotencyKey: string;
    /**
     * Take the refund back from the therapist's account too (a booking's destination charge; the
     * default). False for a charge that went to the platform alone, such as a gift card.
     */
    reverseTransfer?: boolean;
  }): Promise<void>;
  /** The provider's customer for a user, created when first needed; null when not needed. */
  createCustomer(user: { id: string; email: string }): Promise<string | null>;
  detachCard(providerCardId: string): Promise<void>;
}

/** What each decline says to the customer (402 problem detail). */
export const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed: 'Your bank could not confirm the payment, so it did not go through.',
  processing_error: 'The payment could not be processed. Please try another card.',
};

export const NO_CARD: CardDetails = {
  brand: null,
  last4: null,
  expMonth: null,
  expYear: null,
  paymentMethodId: null,
};
