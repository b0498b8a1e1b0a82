/**
 * Where to send the customer when a payment needs their bank (3-D Secure). The demo provider's
 * bank page is a route of this app (a relative URL: the router keeps the app loaded); Stripe's is
 * its own hosted page on another origin, which needs a full page load. Anything that is neither a
 * path of this app nor an absolute http(s) address is not followed: a javascript: or data: URL
 * from a broken answer must never run in our page.
 */
export type PaymentActionTarget =
  { kind: 'in-app'; path: string } | { kind: 'external'; url: string } | { kind: 'invalid' };

const ABSOLUTE_HTTP = /^https?:\/\//i;

export function paymentActionTarget(actionUrl: string, appOrigin: string): PaymentActionTarget {
  const relative = actionUrl.startsWith('/') && !actionUrl.startsWith('//');
  if (!relative && !ABSOLUTE_HTTP.test(actionUrl)) return { kind: 'invalid' };
  let url: URL;
  try {
    url = new URL(actionUrl, appOrigin);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.origin === new URL(appOrigin).origin)
    return { kind: 'in-app', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}
