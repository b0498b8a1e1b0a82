import type { QueryClient } from '@tanstack/react-query';
import {
  ANOTHER_SERVICE,
  SOCIAL_NO_ACCOUNT,
  SOCIAL_NO_ACCOUNT_FOLLOW_UP,
  USER_RECORD_MISSING,
} from '../../../domain/auth-messages';
import { trackException } from '../../lib/analytics';
import { disablePush } from '../push';
import { notify, useUiStore, type NotificationInput } from '../../lib/ui-store';
import { accountKeys, clearAccountData } from '../../lib/query-keys';
import { authClient } from './auth-client';
import { isUserRecordMissing, refreshMe } from './use-me';

// What happens around a session: ending it (with its toast and cache clearing) and the refusals
// after a sign-in (docs/product.md#sign-in-messages), shared by the login page, the modal and the
// redirect landings.

let sessionEndsStarted = 0;

/**
 * How many times this tab has begun ending a session itself (a sign-out, a refusal). The live
 * channel hears of such an end (the session's deletion) before the sign-out's answer arrives and
 * must not sign the tab out a second time: it compares this count with the one it started with.
 */
export const sessionEndsStartedHere = (): number => sessionEndsStarted;

/**
 * Said before a request of this tab that ends its own session other than by signing out (deleting
 * the account); the answer is the undo for when the request fails.
 */
export function beginSessionEndHere(): () => void {
  sessionEndsStarted += 1;
  let undone = false;
  return () => {
    if (!undone) sessionEndsStarted -= 1;
    undone = true;
  };
}

let sessionChangesHere = 0;
const sessionChangeListeners = new Set<() => void>();

/**
 * Said around a request of this tab that replaces or ends its own session (a password change
 * revokes it and sets a new cookie; deleting the account ends it). The live channel hears of it
 * before the answer, and the new cookie, arrive: asking then with the old cookie would find the
 * tab signed out. It waits until the answer is in (`done`) and asks then.
 */
export function beginSessionChangeHere(): () => void {
  sessionChangesHere += 1;
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    sessionChangesHere -= 1;
    if (sessionChangesHere === 0) for (const listener of sessionChangeListeners) listener();
  };
}

export const isSessionChangingHere = (): boolean => sessionChangesHere > 0;

/** Calls back whenever the tab's own session changes are all answered; answers the unsubscribe. */
export function afterSessionChangesHere(listener: () => void): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

/** Ends the session on the server; a failure to reach it still forgets everything locally. */
async function endSession(): Promise<void> {
  sessionEndsStarted += 1;
  // This device stops getting the account's pushes; asked while the session still exists.
  await disablePush();
  try {
    // Only our session: signing out here must not also sign the customer out of the provider
    // they linked (better-auth would otherwise send the browser to its logout page).
    await authClient.signOut({ disableRedirect: true });
  } catch {
    // Offline: the cookie stays until the server is reachable, but this device shows nothing.
  }
}

function forgetCustomer(queryClient: QueryClient): void {
  clearAccountData(queryClient);
  // null, not removed: components watching "who is signed in" must hear that nobody is.
  queryClient.setQueryData(accountKeys.me, null);
}

/** The customer's own sign-out: the 'Logged Out' info toast, and their data forgotten. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await endSession();
  forgetCustomer(queryClient);
  notify({ type: 'info', title: 'Logged Out', message: 'See you again soon.' });
}

/** Signs out quietly, for the refusals below, which raise their own messages. */
export async function signOutQuietly(queryClient: QueryClient): Promise<void> {
  await endSession();
  forgetCustomer(queryClient);
}

/**
 * Shows messages one after another: the next appears once the one before has gone (dismissed or
 * timed out), so a reader sees each. A different toast arriving in between ends the sequence.
 */
export function notifyInTurn(messages: NotificationInput[]): void {
  const [first, ...rest] = messages;
  if (!first) return;
  notify(first);
  if (rest.length === 0) return;
  const shownId = useUiStore.getState().notification?.id;
  const unsubscribe = useUiStore.subscribe((state) => {
    if (state.notification?.id === shownId) return;
    unsubscribe();
    if (state.notification === null) notifyInTurn(rest);
  });
}

const asError = (m: { title: string; message: string }): NotificationInput => ({
  type: 'error',
  title: m.title,
  message: m.message,
});

/**
 * Therapist or onboarder credentials: docs/product.md#sign-in-messages, reported as a (non-fatal)
 * exception too.
 */
export async function refuseAnotherService(queryClient: QueryClient): Promise<void> {
  await signOutQuietly(queryClient);
  notify(asError(ANOTHER_SERVICE));
  trackException(ANOTHER_SERVICE.message, false);
}

/** A social or OpenID sign-in found no customer here: two messages in turn. */
export async function refuseSocialWithoutAccount(queryClient: QueryClient): Promise<void> {
  await signOutQuietly(queryClient);
  notifyInTurn([asError(SOCIAL_NO_ACCOUNT), asError(SOCIAL_NO_ACCOUNT_FOLLOW_UP)]);
}

export async function refuseMissingUserRecord(queryClient: QueryClient): Promise<void> {
  await signOutQuietly(queryClient);
  notify(asError(USER_RECORD_MISSING));
}

/**
 * Reads the profile of the session just created. True when the customer is signed in; false after
 * telling them why they are not after all.
 */
export async function completeSignIn(queryClient: QueryClient): Promise<boolean> {
  // Whatever an earlier customer of this tab left cached is not this customer's.
  clearAccountData(queryClient);
  try {
    if (await refreshMe(queryClient)) return true;
    await refuseMissingUserRecord(queryClient);
    return false;
  } catch (error) {
    if (isUserRecordMissing(error)) {
      await refuseMissingUserRecord(queryClient);
      return false;
    }
    // The session exists; a hiccup reading the profile should not undo the sign-in.
    return true;
  }
}
