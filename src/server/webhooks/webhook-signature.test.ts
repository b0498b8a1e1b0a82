import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const secret = 'whsec-test-0123456789abcdef0123456789';
const body = JSON.stringify({
  id: 'e1',
  type: 'booking.confirmed',
  data: { booking: { id: 'b' } },
});
const t = 1_790_000_000;

describe('webhook signatures', () => {
  it('signs "<t>.<body>" with HMAC-SHA256, in the header format Stripe uses', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhook(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature within the tolerance', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, header, body, { nowSeconds: t + 299 })).toEqual({
      ok: true,
      t,
    });
  });

  it('refuses a tampered body, another secret, a changed time or an old signature', () => {
    const header = signWebhook(secret, body, t);
    const at = { nowSeconds: t };
    expect(verifyWebhookSignature(secret, header, body.replace('e1', 'e2'), at)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(`${secret}x`, header, body, at).ok).toBe(false);
    expect(
      verifyWebhookSignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body, at),
    ).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(secret, header, body, { nowSeconds: t + 301 })).toEqual({
      ok: false,
      reason: 'too old',
    });
  });

  it('refuses a missing or malformed header, and accepts any of several v1 signatures', () => {
    expect(verifyWebhookSignature(secret, undefined, body).ok).toBe(false);
    expect(verifyWebhookSignature(secret, 'v1=abc', body)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyWebhookSignature(secret, `t=${t}`, body)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const good = signWebhook(secret, body, t).split(',')[1];
    expect(
      verifyWebhookSignature(secret, `t=${t},v1=00ff,${good}`, body, { nowSeconds: t }).ok,
    ).toBe(true);
  });
});
