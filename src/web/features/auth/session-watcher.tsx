import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setAnalyticsUser } from '../../lib/analytics';
import { usePushRefresh } from '../push';
import { useSession } from './auth-client';
import { refuseMissingUserRecord } from './session-actions';
import { rememberSignedIn } from './session-hint';
import { isUserRecordMissing, meQuery } from './use-me';

/**
 * Whichever way a session began (password, email link, a provider's redirect), a session whose
 * customer record is gone is ended with its message (docs/product.md#sign-in-messages) rather than
 * left half signed in.
 */
export function SessionWatcher() {
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = !!session.data;
  const me = useQuery({ ...meQuery, enabled: signedIn });
  const missing = signedIn && isUserRecordMissing(me.error);

  useEffect(() => {
    if (missing) void refuseMissingUserRecord(queryClient);
  }, [missing, queryClient]);

  // Signed in or out here (a form, a provider's redirect, sign-out), kept for opening offline.
  const answered = !session.isPending && !session.error;
  useEffect(() => {
    if (answered) rememberSignedIn(signedIn);
  }, [answered, signedIn]);

  // user_data follows who is signed in (the analytics module asks consent first).
  const email = signedIn ? me.data?.email : undefined;
  const phoneNumber = signedIn ? me.data?.phoneNumber : undefined;
  useEffect(() => {
    if (session.isPending) return;
    setAnalyticsUser(email ? { email, phoneNumber: phoneNumber ?? null } : null);
  }, [session.isPending, email, phoneNumber]);

  // This device's push subscription is merge-written for whoever is signed in.
  usePushRefresh(signedIn ? (me.data?.id ?? null) : null);

  return null;
}
