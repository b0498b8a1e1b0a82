/** Only paths on this site: a crafted ?next= must not send a customer elsewhere after sign-in. */
export function safeNextPath(raw: string | null, fallback = '/account'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return fallback;
  }
  // Back to the login page would only ask again.
  if (raw === '/login' || raw.startsWith('/login?')) return fallback;
  return raw;
}
