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

async function askServer(): Promise<void> {
  try {
    const res = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body: unknown = res.ok ? await res.json() : null;
    const signedIn = typeof body === 'object' && body !== null && 'session' in body;
    update({ status: signedIn ? 'signed-in' : 'signed-out' });
  } catch {
    // Offline or a server error: offer "Sign in", as the full menu does when the session fails.
    update({ status: 'signed-out' });
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
