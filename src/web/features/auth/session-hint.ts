import { useSyncExternalStore } from 'react';

// Whether anyone is signed in, asked with a plain fetch, so that a visitor who is not signed in
// never downloads the auth client and the profile schemas behind the header's menu (decision
// 0054). Once the auth client is loaded for any reason (a sign-in form, the checkout), the full
// menu and the session watcher take over and follow better-auth's own session from then on.

export type SessionHintStatus = 'unknown' | 'signed-out' | 'signed-in';

interface SessionHint {
  status: SessionHintStatus;
  /** The auth client has been loaded: the full menu costs nothing more and knows better. */
  authClientLoaded: boolean;
}

const SERVER_HINT: SessionHint = { status: 'unknown', authClientLoaded: false };
let hint: SessionHint = SERVER_HINT;
let asked = false;
const listeners = new Set<() => void>();

function update(next: Partial<SessionHint>) {
  hint = { ...hint, ...next };
  for (const listener of listeners) listener();
}

/**
 * The last answer the server gave, kept on the device: offline (the app opens from the service
 * worker's copy) nobody can ask, and a customer who is signed in must not be offered "Sign in"
 * (decision 0082). Only whether, never who; signing out clears it with the answer it gets.
 */
const LAST_KNOWN_KEY = 'glow.signed-in';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    localStorage[signedIn ? 'setItem' : 'removeItem'](LAST_KNOWN_KEY, '1');
  } catch {
    // Storage disabled: offline, such a device offers "Sign in" as before.
  }
}

export function lastKnownSignedIn(): boolean {
  try {
    return !!localStorage.getItem(LAST_KNOWN_KEY);
  } catch {
    return false;
  }
}

async function askServer(): Promise<void> {
  try {
    const res = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body: unknown = res.ok ? await res.json() : null;
    const signedIn = typeof body === 'object' && body !== null && 'session' in body;
    rememberSignedIn(signedIn);
    update({ status: signedIn ? 'signed-in' : 'signed-out' });
  } catch {
    // Offline: the last answer (every answer is kept), not "Sign in" to a customer who is signed in.
    update({ status: lastKnownSignedIn() ? 'signed-in' : 'signed-out' });
  }
}

// Signed in from another tab: asked again when this one comes back to the front, as better-auth's
// client does on focus, until the auth client is here to follow the session itself.
function askAgainWhenVisible() {
  if (document.visibilityState === 'visible' && !hint.authClientLoaded) void askServer();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked) {
    asked = true;
    void askServer();
    document.addEventListener('visibilitychange', askAgainWhenVisible);
  }
  return () => listeners.delete(listener);
}

/** Called once by the auth client's module when it loads. */
export function noteAuthClientLoaded(): void {
  if (!hint.authClientLoaded) update({ authClientLoaded: true });
}

/**
 * The header and the shell decide with this whether to load the session code: 'full' when
 * someone is signed in or the auth client is here anyway; 'signed-out' and 'unknown' otherwise.
 */
export function useSessionHint(): 'full' | 'signed-out' | 'unknown' {
  const { status, authClientLoaded } = useSyncExternalStore(
    subscribe,
    () => hint,
    () => SERVER_HINT,
  );
  if (authClientLoaded || status === 'signed-in') return 'full';
  return status;
}
