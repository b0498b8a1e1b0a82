import type { SessionEndReason } from '../../../contract/live';
import { backoffDelay } from './backoff';
import { bookingIdOf, LIVE_EVENT_KINDS, type LiveEventKind } from './live-events';

// One tab's stream of GET /api/me/events, kept open while the tab is signed in and online. The
// browser's EventSource reconnects by itself only at the server's fixed `retry`, and gives up for
// good on a refusal (401, 429), so every loss here closes it and opens a new one after a backoff,
// resuming from the last event id. A new EventSource cannot be given headers, so that id goes in
// the query string (the server reads either).

/** What this module needs of an EventSource (the browser's, or a test's stand-in). */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/** EventSource.CLOSED: after an error, the browser will not try again (an HTTP refusal). */
const CLOSED = 2;

export interface LiveEnvironment {
  open(url: string): LiveSource;
  isOnline(): boolean;
  /** Calls back on going online or offline; answers the unsubscribe. */
  watchOnline(listener: (online: boolean) => void): () => void;
  setTimer(run: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimer(handle: ReturnType<typeof setTimeout>): void;
  random(): number;
}

export interface LiveHandlers {
  /** An event the server sent: what changed, and the booking for `booking`. */
  onEvent(kind: LiveEventKind, bookingId: string | null): void;
  /** This tab's own session has ended elsewhere; the stream says why, and then closes. */
  onEnded(reason: SessionEndReason): void;
  /** The server refused the stream (signed out, too many streams…): is the tab signed in? */
  onRefused(): void;
  /** Connected again with no event id to resume from: anything may have changed meanwhile. */
  onGap(): void;
}

export const LIVE_EVENTS_PATH = '/api/me/events';

export function liveUrl(lastEventId: string | null): string {
  return lastEventId === null
    ? LIVE_EVENTS_PATH
    : `${LIVE_EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}`;
}

/** The `ended` frame's reason; anything unreadable is taken as a plain sign-out. */
export function endReasonOf(data: string): SessionEndReason {
  try {
    const parsed: unknown = JSON.parse(data);
    const reason = (parsed as { reason?: unknown } | null)?.reason;
    return reason === 'another_service' ? 'another_service' : 'signed_out';
  } catch {
    return 'signed_out';
  }
}

export interface LiveConnection {
  stop(): void;
}

export function connectLive(handlers: LiveHandlers, env: LiveEnvironment): LiveConnection {
  let source: LiveSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let lastEventId: string | null = null;
  let connectedBefore = false;
  let stopped = false;

  const drop = () => {
    if (!source) return;
    source.onerror = null;
    source.close();
    source = null;
  };

  const cancelTimer = () => {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
  };

  const schedule = () => {
    // Offline, the online event opens it again; a wait now would only be wasted.
    if (stopped || timer !== null || !env.isOnline()) return;
    timer = env.setTimer(
      () => {
        timer = null;
        connect();
      },
      backoffDelay(attempt, env.random),
    );
    attempt += 1;
  };

  function connect(): void {
    if (stopped || source || !env.isOnline()) return;
    const resuming = lastEventId !== null;
    const opened = env.open(liveUrl(lastEventId));
    source = opened;
    opened.addEventListener('ready', (event) => {
      // Its id is where the stream stands now: a loss before the next event resumes from here.
      if (event.lastEventId) lastEventId = event.lastEventId;
      attempt = 0;
      if (connectedBefore && !resuming) handlers.onGap();
      connectedBefore = true;
    });
    for (const kind of LIVE_EVENT_KINDS) {
      opened.addEventListener(kind, (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        handlers.onEvent(kind, bookingIdOf(event.data));
      });
    }
    opened.addEventListener('ended', (event) => {
      // The stream is over for good: nothing to reconnect to until the tab signs in again.
      stopped = true;
      cancelTimer();
      drop();
      handlers.onEnded(endReasonOf(event.data));
    });
    opened.onerror = () => {
      const refused = opened.readyState === CLOSED;
      drop();
      if (refused) handlers.onRefused();
      schedule();
    };
  }

  const unwatch = env.watchOnline((online) => {
    if (stopped) return;
    cancelTimer();
    if (!online) {
      drop();
      return;
    }
    attempt = 0;
    connect();
  });

  connect();

  return {
    stop() {
      stopped = true;
      unwatch();
      cancelTimer();
      drop();
    },
  };
}

/** The browser's own: EventSource with the session cookie, navigator.onLine, real timers. */
export const browserEnvironment: LiveEnvironment = {
  open: (url) => new EventSource(url, { withCredentials: true }),
  isOnline: () => navigator.onLine,
  watchOnline(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle),
  random: () => Math.random(),
};
