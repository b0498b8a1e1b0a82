import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountKeys } from '../../lib/query-keys';
import {
  afterSessionChangesHere,
  isSessionChangingHere,
  refuseAnotherService,
  sessionEndsStartedHere,
  signOut,
} from '../auth';
import type { SessionEndReason } from '../../../contract/live';
import { browserEnvironment, connectLive, type LiveHandlers } from './live-connection';
import { refreshesFor, type LiveEventKind } from './live-events';
import { checkSession } from './session-check';

// Mounted once per tab while a customer is signed in (app/deferred/session-live.tsx), so each tab
// holds one stream; unmounted on sign-out, which closes it (docs/decisions/0085).

function refresh(client: QueryClient, kind: LiveEventKind, bookingId: string | null): void {
  for (const filter of refreshesFor(kind, bookingId)) void client.invalidateQueries(filter);
}

/** Follows GET /api/me/events and keeps the cache in step with the server; draws nothing. */
export function LiveUpdates() {
  const client = useQueryClient();

  useEffect(() => {
    let stopped = false;
    let checking = false;
    // Signed out by this tab itself (its own sign-out button, a refusal): the end of the session
    // its own sign-out causes must not sign it out a second time with another toast. Not read
    // from the cached profile: a `me` event after the account's deletion empties that too, and
    // the tab would then leave without saying why.
    const endsAtStart = sessionEndsStartedHere();
    const signedOutHere = () => sessionEndsStartedHere() !== endsAtStart;

    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        const state = await checkSession();
        if (stopped || signedOutHere()) return;
        // Ended elsewhere (another device's sign-out, a revoked session, the account deleted):
        // the tab signs out as the customer's own sign-out does, toast and all.
        if (state === 'signed-out') await signOut(client);
        // Now a therapist or onboarder: the message a sign-in with such credentials gets.
        else if (state === 'another-service') await refuseAnotherService(client);
      } finally {
        checking = false;
      }
    };

    const handlers: LiveHandlers = {
      onEvent(kind, bookingId) {
        // This tab's own password change or deletion: its profile is asked again once the
        // answer (and any new cookie) is in, not with a cookie about to be replaced.
        if (kind === 'me' && isSessionChangingHere()) {
          heldBack = true;
          return;
        }
        refresh(client, kind, bookingId);
        // A `session` or `me` event is not asked about here: when it ends this tab's session
        // (signed out elsewhere, made a therapist), the stream's own `ended` frame follows with
        // the reason, and asking first could say "Logged Out" where the reason says otherwise.
        if (kind === 'reset') void check();
      },
      onEnded(reason) {
        if (stopped || signedOutHere()) return;
        if (isSessionChangingHere()) {
          endedBack = reason;
          return;
        }
        // One now a therapist or onboarder is told what a sign-in with such credentials is told.
        if (reason === 'another_service') {
          void refuseAnotherService(client);
          return;
        }
        void (async () => {
          // The stream's session ended, but the tab may hold a new one: changing the password
          // replaces this tab's session with a fresh cookie. Then it only needs a new stream.
          const state = await checkSession();
          if (stopped || signedOutHere()) return;
          if (state === 'signed-in') connection = connectLive(handlers, browserEnvironment);
          else if (state === 'another-service') await refuseAnotherService(client);
          // Signed out elsewhere, revoked, the account deleted: as the customer's own sign-out
          // does, toast and all.
          else await signOut(client);
        })();
      },
      onRefused: () => void check(),
      onGap() {
        refresh(client, 'reset', null);
        void check();
      },
    };
    let heldBack = false;
    let endedBack: SessionEndReason | null = null;
    let connection = connectLive(handlers, browserEnvironment);
    const stopWaiting = afterSessionChangesHere(() => {
      if (stopped || signedOutHere()) return;
      if (heldBack) refresh(client, 'me', null);
      heldBack = false;
      const reason = endedBack;
      endedBack = null;
      if (reason) handlers.onEnded(reason);
    });
    return () => {
      stopped = true;
      stopWaiting();
      connection.stop();
      // Unmounted because the profile now says nobody is signed in, though this tab ended no
      // session itself: the session ended elsewhere (the account deleted, say) and the `me`
      // event's refetch heard it before the stream's `ended` frame could arrive. The tab says so
      // as that frame would have had it.
      if (!signedOutHere() && client.getQueryData(accountKeys.me) === null) void signOut(client);
    };
  }, [client]);

  return null;
}
