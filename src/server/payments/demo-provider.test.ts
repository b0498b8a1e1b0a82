import { describe, expect, it } from 'vitest';
import { DemoPaymentProvider, isDemoCardToken } from './demo-provider';
import type { ChargeRequest, PaymentSource } from './payment-provider';

const provider = new DemoPaymentProvider();

function request(source: PaymentSource): ChargeRequest {
  return {
    bookingId: 'b1',
    paymentId: '00000000-0000-4000-8000-000000000001',
    amountPence: 4500,
    idempotencyKey: 'booking-b1-payment',
    description: 'test',
    source,
    saveCard: false,
    providerCustomerId: null,
    destinationAccountId: null,
    applicationFeePence: 0,
    returnUrl: 'http://localhost/authorisation/confirm',
  };
}

const card = (number: string): PaymentSource => ({
  kind: 'card',
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
});

describe('demo card provider', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded', undefined],
    ['4000 0000 0000 0002', 'declined', 'card_declined'],
    ['4000 0000 0000 9995', 'declined', 'insufficient_funds'],
    ['4000 0027 6000 3184', 'requires_action', undefined],
    ['5555 5555 5555 4444', 'succeeded', undefined],
  ])('%s: %s', async (number, kind, reason) => {
    const outcome = await provider.charge(request(card(number)));
    expect(outcome.kind).toBe(kind);
    if (outcome.kind === 'declined') expect(outcome.reason).toBe(reason);
  });

  it('keeps brand, last 4 and expiry, and a token that holds no card number', async () => {
    const outcome = await provider.charge(request(card('4242424242424242')));
    expect(outcome.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const token = outcome.card.paymentMethodId ?? '';
    expect(isDemoCardToken(token)).toBe(true);
    expect(JSON.stringify(outcome)).not.toContain('4242424242424242');
    expect(JSON.stringify(outcome)).not.toContain('123');
  });

  it('charges a saved card the way the card behaved when it was saved', async () => {
    const first = await provider.charge(request(card('4000002760003184')));
    const token = first.card.paymentMethodId ?? '';
    const again = await provider.charge(request({ kind: 'saved', providerCardId: token }));
    expect(again.kind).toBe('requires_action');
    await expect(
      provider.charge(request({ kind: 'saved', providerCardId: 'democard_ok_forged' })),
    ).rejects.toThrow();
  });

  it('approves or fails authentication', () => {
    expect(provider.authenticate('demo_pay_x', true).kind).toBe('succeeded');
    const failed = provider.authenticate('demo_pay_x', false);
    expect(failed).toMatchObject({ kind: 'declined', reason: 'authentication_failed' });
  });

  it('refuses provider tokens it did not issue', async () => {
    await expect(
      provider.charge(request({ kind: 'payment-method', paymentMethodId: 'pm_card_visa' })),
    ).rejects.toThrow();
  });
});
