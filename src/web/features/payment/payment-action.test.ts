import { describe, expect, it } from 'vitest';
import { paymentActionTarget } from './payment-action';

const APP = 'https://book.example.co.uk';

describe('paymentActionTarget', () => {
  it("keeps the demo bank page inside the app (the router's navigation, no reload)", () => {
    expect(paymentActionTarget('/authorisation/confirm?payment=p1', APP)).toEqual({
      kind: 'in-app',
      path: '/authorisation/confirm?payment=p1',
    });
  });

  it("sends the customer to Stripe's own hosted authentication page with a full page load", () => {
    const stripe =
      'https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_1&payment_intent=pi_1';
    expect(paymentActionTarget(stripe, APP)).toEqual({ kind: 'external', url: stripe });
  });

  it('treats an absolute address on our own origin as an app route', () => {
    expect(paymentActionTarget(`${APP}/authorisation/confirm?booking=b1#top`, APP)).toEqual({
      kind: 'in-app',
      path: '/authorisation/confirm?booking=b1#top',
    });
  });

  it('treats the same host on another port or scheme as another origin', () => {
    expect(paymentActionTarget('http://book.example.co.uk/x', APP).kind).toBe('external');
    expect(paymentActionTarget('https://book.example.co.uk:8443/x', APP).kind).toBe('external');
  });

  it('follows nothing that is neither an app path nor an http(s) address', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/phish',
      'authorisation/confirm',
      '',
      'https://',
    ])
      expect(paymentActionTarget(url, APP), url).toEqual({ kind: 'invalid' });
  });
});
