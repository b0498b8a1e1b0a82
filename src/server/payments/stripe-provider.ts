import Stripe from 'stripe';
import type { AppConfig } from '../config';
import {
  NO_CARD,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type DeclineReason,
  type PaymentProvider,
  type ProviderPaymentState,
  type RecoveredCharge,
  type StoredChargeRequest,
  type TransferRequest,
} from './payment-provider';

// Stripe through its official SDK: PaymentIntents confirmed at once with a card tokenised by
// Stripe.js, as Connect destination charges (the therapist's account receives the money, we keep
// the application fee). Every call that moves money carries an idempotency key derived from the
// booking, so a retry after a timeout or a crash returns Stripe's first answer.

type StripeClient = InstanceType<typeof Stripe>;

function clientOptions(apiUrl: string | null): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? '443' : '80'),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardDetails {
  if (!method) return NO_CARD;
  if (typeof method === 'string') return { ...NO_CARD, paymentMethodId: method };
  return {
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
    paymentMethodId: method.id,
  };
}

function declineReason(
  code: string | null | undefined,
  declineCode?: string | null,
): DeclineReason {
  if (declineCode === 'insufficient_funds' || code === 'insufficient_funds')
    return 'insufficient_funds';
  if (code === 'authentication_required' || code === 'payment_intent_authentication_failure')
    return 'authentication_failed';
  if (code === 'processing_error') return 'processing_error';
  return 'card_declined';
}

function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  const card = cardOf(intent.payment_method);
  switch (intent.status) {
    case 'succeeded':
      return { kind: 'succeeded', providerPaymentId: intent.id, card };
    case 'requires_action':
    case 'processing':
    case 'requires_confirmation':
    case 'requires_capture':
      return {
        kind: 'requires_action',
        providerPaymentId: intent.id,
        card,
        redirectUrl: intent.next_action?.redirect_to_url?.url ?? null,
        clientSecret: intent.client_secret,
      };
    default: {
      const error = intent.last_payment_error;
      return {
        kind: 'declined',
        providerPaymentId: intent.id,
        reason: declineReason(error?.code, error?.decline_code),
        card,
      };
    }
  }
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly newCardSource = 'payment-method' as const;
  private readonly stripe: StripeClient;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiUrl: string | null,
  ) {
    this.stripe = new Stripe(secretKey, clientOptions(apiUrl));
  }

  static fromConfig(config: AppConfig['payments']): StripePaymentProvider {
    if (!config.stripeSecretKey || !config.stripeWebhookSecret)
      throw new Error('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return new StripePaymentProvider(
      config.stripeSecretKey,
      config.stripeWebhookSecret,
      config.stripeApiUrl,
    );
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (request.source.kind === 'card')
      throw new Error('Card numbers never reach our server with Stripe: use Stripe.js');
    return this.createIntent({ ...request, source: request.source });
  }

  /**
   * One request, built the same way every time from what the attempt stored: Stripe answers a
   * repeat under the same idempotency key with its first answer, and refuses a repeat whose
   * parameters differ, so the parameters must come out identical.
   */
  private async createIntent(request: StoredChargeRequest): Promise<ChargeOutcome> {
    const { source } = request;
    if (!source) throw new Error('A Stripe payment needs a payment method token');
    const paymentMethod = source.kind === 'saved' ? source.providerCardId : source.paymentMethodId;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amountPence,
      currency: 'gbp',
      payment_method: paymentMethod,
      confirm: true,
      return_url: request.returnUrl,
      description: request.description,
      // A booking's metadata is what it always was, so a stored request repeats to the letter.
      metadata: request.bookingId
        ? { bookingId: request.bookingId, paymentId: request.paymentId }
        : request.tipId
          ? { tipId: request.tipId, paymentId: request.paymentId }
          : { giftCardId: request.giftCardId ?? '', paymentId: request.paymentId },
      expand: ['payment_method'],
      ...(request.providerCustomerId ? { customer: request.providerCustomerId } : {}),
      ...(request.saveCard ? { setup_future_usage: 'on_session' as const } : {}),
      ...(request.destinationAccountId
        ? {
            transfer_data: { destination: request.destinationAccountId },
            application_fee_amount: request.applicationFeePence,
          }
        : {}),
    };
    try {
      const intent = await this.stripe.paymentIntents.create(params, {
        idempotencyKey: request.idempotencyKey,
      });
      return outcomeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          kind: 'declined',
          providerPaymentId: error.payment_intent?.id ?? null,
          reason: declineReason(error.code, error.decline_code),
          card: cardOf(error.payment_intent?.payment_method ?? null),
        };
      }
      // Refused before any money moved (an unknown or unusable payment method): a decline.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && !error.payment_intent) {
        return {
          kind: 'declined',
          providerPaymentId: null,
          reason: 'processing_error',
          card: NO_CARD,
        };
      }
      throw error;
    }
  }

  async recover(attempt: {
    idempotencyKey: string;
    providerPaymentId: string | null;
    request: StoredChargeRequest | null;
  }): Promise<RecoveredCharge> {
    if (attempt.providerPaymentId) {
      const intent = await this.stripe.paymentIntents.retrieve(attempt.providerPaymentId, {
        expand: ['payment_method'],
      });
      return outcomeOf(intent);
    }
    // Nothing is known but the request: repeating it under its key returns what Stripe did the
    // first time, or does it now if the first never arrived. Either way the outcome is settled.
    if (!attempt.request?.source) return { kind: 'not_charged' };
    return this.createIntent({ ...attempt.request, idempotencyKey: attempt.idempotencyKey });
  }

  async transfer(request: TransferRequest): Promise<{ providerTransferId: string }> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: request.amountPence,
        currency: 'gbp',
        destination: request.destinationAccountId,
        transfer_group: `booking-${request.bookingId}`,
        description: request.description,
        metadata: { bookingId: request.bookingId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { providerTransferId: transfer.id };
  }

  async deleteCustomer(providerCustomerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(providerCustomerId);
    } catch (error) {
      // Already gone is what we wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
        return;
      throw error;
    }
  }

  async retrieve(providerPaymentId: string): Promise<ProviderPaymentState> {
    const intent = await this.stripe.paymentIntents.retrieve(providerPaymentId, {
      expand: ['payment_method'],
    });
    return stateOf(intent);
  }

  async cancel(providerPaymentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(providerPaymentId, {}, { idempotencyKey });
    } catch (error) {
      // Already cancelled or failed: nothing left to abandon. Anything else must surface.
      const intent = error instanceof Stripe.errors.StripeError ? error.payment_intent : undefined;
      if (intent && intent.status !== 'succeeded' && intent.status !== 'processing') return;
      throw error;
    }
  }

  async refund(request: {
    providerPaymentId: string;
    amountPence: number;
    idempotencyKey: string;
    reverseTransfer?: boolean;
  }): Promise<void> {
    await this.stripe.refunds.create(
      {
        payment_intent: request.providerPaymentId,
        amount: request.amountPence,
        // Destination charge: take the refund back from the therapist's account, and give back
        // the same share of our fee. A charge to the platform alone has neither.
        ...(request.reverseTransfer === false
          ? {}
          : { reverse_transfer: true, refund_application_fee: true }),
      },
      { idempotencyKey: request.idempotencyKey },
    );
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    );
    return customer.id;
  }

  async detachCard(providerCardId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(providerCardId);
  }

  /** Checks the signature on the raw body (throws when it does not match) and parses the event. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}

export function stateOf(intent: Stripe.PaymentIntent): ProviderPaymentState {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', card: cardOf(intent.payment_method) };
    case 'canceled':
      return { status: 'canceled' };
    case 'requires_payment_method': {
      const error = intent.last_payment_error;
      return error
        ? { status: 'failed', reason: declineReason(error.code, error.decline_code) }
        : { status: 'requires_action' };
    }
    case 'processing':
      return { status: 'processing' };
    default:
      return { status: 'requires_action' };
  }
}
