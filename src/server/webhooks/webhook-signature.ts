import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed the way Stripe signs its own webhooks, so a receiver can reuse what it knows:
//   Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
// The time is inside the signed text, so an old request replayed later fails the receiver's
// tolerance check; v1 names the scheme, so a second one can be added beside it without breaking
// receivers. verifyWebhookSignature is what the README tells receivers to do (tests use it too).

export const SIGNATURE_HEADER = 'webhook-signature';

const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

/** The header value for this exact body, signed at unix time t (seconds). */
export function signWebhook(secret: string, body: string, t: number): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

export type SignatureCheck =
  { ok: true; t: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'too old' };

/**
 * Checks a Webhook-Signature header against the raw body (the bytes received, before any JSON
 * parsing): any v1 may match, and t must be within toleranceSeconds of now.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): SignatureCheck {
  const parts = (header ?? '').split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300))
    return { ok: false, reason: 'too old' };
  return { ok: true, t };
}
