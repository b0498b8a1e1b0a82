import { useQuery } from '@tanstack/react-query';
import type { ProfileView as Me } from '../../../contract/me';
import { useSession } from './auth-client';
import { lastKnownSignedIn } from './session-hint';
import { meQuery } from './use-me';

export type CustomerStatus = 'loading' | 'signed-out' | 'signed-in';

/**
 * Who is signed in, for headers and redirects. better-auth's session answers cheaply (no 401 for
 * visitors); the profile decides, since our sign-out and the sign-in refusals clear it at once,
 * before the session store has caught up. When the session could not be asked at all (offline),
 * the last answer kept on the device stands (session-hint.ts).
 */
export function useCurrentCustomer(): { status: CustomerStatus; me: Me | null } {
  const session = useSession();
  const hasSession = !!session.data;
  const me = useQuery({ ...meQuery, enabled: hasSession });
  if (!hasSession && session.error && lastKnownSignedIn()) return { status: 'signed-in', me: null };
  if (!hasSession) return { status: session.isPending ? 'loading' : 'signed-out', me: null };
  if (me.data === null) return { status: 'signed-out', me: null };
  if (me.data) return { status: 'signed-in', me: me.data };
  // A failed profile read still means a session: the account pages explain the failure.
  return { status: me.isError ? 'signed-in' : 'loading', me: null };
}
