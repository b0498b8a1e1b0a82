import { randomUUID } from 'node:crypto';
import { cardBrand, normaliseCardNumber } from '../../domain/card';
import {
  NO_CARD,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderPaymentState,
  type RecoveredCharge,
} from './payment-provider';

// A card network in test mode (docs/architecture.md#payments), so the product works end to end with
// no account anywhere. It behaves like the real thing for the well-known test numbers; any other
// number that passes the checks succeeds. The saved-card token records only how the card behaves,
// never its number.

type Behaviour = 'ok' | 'declined' | 'insufficient' | 'authenticate';

const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'ok',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000002760003184': 'authenticate',
};

const TOKEN = /^democard_(ok|declined|insufficient|authenticate)_[0-9a-f-]{36}$/;

export function demoBehaviour(cardNumber: string): Behaviour {
  return TEST_CARDS[normaliseCardNumber(cardNumber)] ?? 'ok';
}

export function isDemoCardToken(token: string): boolean {
  return TOKEN.test(token);
}

function behaviourOfToken(token: string): Behaviour {
  const match = TOKEN.exec(token);
  if (!match?.[1]) throw new Error('Unknown demo card token');
  return match[1] as Behaviour;
}

export function outcomeFor(
  behaviour: Behaviour,
  providerPaymentId: string,
  card: CardDetails,
): ChargeOutcome {
  switch (behaviour) {
    case 'ok':
      return { kind: 'succeeded', providerPaymentId, card };
    case 'declined':
      return { kind: 'declined', providerPaymentId, reason: 'card_declined', card };
    case 'insufficient':
      return { kind: 'declined', providerPaymentId, reason: 'insufficient_funds', card };
    case 'authenticate':
      return {
        kind: 'requires_action',
        providerPaymentId,
        card,
        redirectUrl: null,
        clientSecret: null,
      };
  }
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly newCardSource = 'card' as const;

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const providerPaymentId = `demo_pay_${request.paymentId}`;
    const { source } = request;
    if (source.kind === 'card') {
      const digits = normaliseCardNumber(source.number);
      const behaviour = demoBehaviour(digits);
      const card: CardDetails = {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: source.expMonth,
        expYear: source.expYear,
        paymentMethodId: `democard_${behaviour}_${randomUUID()}`,
      };
      return outcomeFor(behaviour, providerPaymentId, card);
    }
    if (source.kind === 'saved') {
      const card = { ...NO_CARD, paymentMethodId: source.providerCardId };
      return outcomeFor(behaviourOfToken(source.providerCardId), providerPaymentId, card);
    }
    throw new Error('The demo provider takes card details, not provider tokens');
  }

  /** The simulated bank page's answer to a payment waiting for 3-D Secure. */
  authenticate(providerPaymentId: string, approve: boolean): ChargeOutcome {
    return approve
      ? { kind: 'succeeded', providerPaymentId, card: NO_CARD }
      : { kind: 'declined', providerPaymentId, reason: 'authentication_failed', card: NO_CARD };
  }

  // The demo network keeps no state of its own: our payment table is the whole record.
  async retrieve(): Promise<ProviderPaymentState> {
    return { status: 'processing' };
  }
  /**
   * The demo network lives inside our process: an attempt whose answer was lost died with the
   * process that was making it, so nothing was taken.
   */
  async recover(): Promise<RecoveredCharge> {
    return { kind: 'not_charged' };
  }
  async transfer(): Promise<{ providerTransferId: null }> {
    return { providerTransferId: null };
  }
  async deleteCustomer(): Promise<void> {}
  async cancel(): Promise<void> {}
  async refund(): Promise<void> {}
  async createCustomer(): Promise<string | null> {
    return null;
  }
  async detachCard(): Promise<void> {}
}
