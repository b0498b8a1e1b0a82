import { describe, expect, it } from 'vitest';
import {
  connectLive,
  endReasonOf,
  liveUrl,
  type LiveEnvironment,
  type LiveHandlers,
  type LiveSource,
} from './live-connection';
import type { LiveEventKind } from './live-events';

// The stream's life with a stand-in EventSource, timers run by hand and the network switched by
// hand: what is opened, when, and with which resume point.

class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '{}', lastEventId = '') {
    this.readyState = 1;
    for (const l of this.listeners.get(type) ?? [])
      l({ data, lastEventId } as MessageEvent<string>);
  }
  /** The connection lost (CONNECTING: the browser would retry) or refused (CLOSED). */
  fail(refused = false) {
    this.readyState = refused ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  let online = true;
  let onlineListener: ((online: boolean) => void) | null = null;
  const env: LiveEnvironment = {
    open(url) {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    isOnline: () => online,
    watchOnline(listener) {
      onlineListener = listener;
      return () => (onlineListener = null);
    },
    setTimer(run, ms) {
      timers.push({ run, ms, cleared: false });
      return (timers.length - 1) as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer(handle) {
      const timer = timers[handle as unknown as number];
      if (timer) timer.cleared = true;
    },
    random: () => 0,
  };
  const seen: string[] = [];
  const handlers: LiveHandlers = {
    onEvent: (kind: LiveEventKind, bookingId) =>
      seen.push(bookingId ? `${kind}:${bookingId}` : kind),
    onEnded: (reason) => seen.push(`ended:${reason}`),
    onRefused: () => seen.push('refused'),
    onGap: () => seen.push('gap'),
  };
  const connection = connectLive(handlers, env);
  return {
    connection,
    sources,
    seen,
    latest: () => sources[sources.length - 1] as FakeSource,
    /** Runs the timer set last, as if its time had come; answers its delay. */
    wait() {
      const timer = timers.filter((t) => !t.cleared).pop();
      if (!timer) throw new Error('no timer set');
      timer.cleared = true;
      timer.run();
      return timer.ms;
    },
    pending: () => timers.filter((t) => !t.cleared).length,
    setOnline(value: boolean) {
      online = value;
      onlineListener?.(value);
    },
  };
}

describe('connectLive', () => {
  it('opens one stream and hands each event on with its booking id', () => {
    const h = harness();
    expect(h.sources.map((s) => s.url)).toEqual(['/api/me/events']);
    h.latest().emit('ready');
    h.latest().emit('wallet', '{}', '7');
    h.latest().emit('booking', '{"bookingId":"b1"}', '8');
    expect(h.seen).toEqual(['wallet', 'booking:b1']);
  });

  it('after a loss, backs off, doubling, and resumes from the last event id', () => {
    const h = harness();
    h.latest().emit('ready');
    h.latest().emit('me', '{}', '41');
    h.latest().fail();
    expect(h.latest().closed).toBe(true);
    expect(h.wait()).toBe(500);
    expect(h.latest().url).toBe('/api/me/events?lastEventId=41');
    h.latest().fail();
    expect(h.wait()).toBe(1_000);
    h.latest().fail();
    expect(h.wait()).toBe(2_000);
    // Connected again: the next loss starts from the shortest wait.
    h.latest().emit('ready');
    h.latest().fail();
    expect(h.wait()).toBe(500);
    expect(h.sources).toHaveLength(5);
    expect(h.seen).toEqual(['me']);
  });

  it('asks whether the tab is still signed in when the server refuses the stream', () => {
    const h = harness();
    h.latest().fail(true);
    expect(h.seen).toEqual(['refused']);
    expect(h.pending()).toBe(1);
  });

  it('reconnecting with nothing to resume from is a gap: everything may be stale', () => {
    const h = harness();
    h.latest().emit('ready');
    h.latest().fail();
    h.wait();
    h.latest().emit('ready');
    expect(h.seen).toEqual(['gap']);
    // With an id to resume from the server replays what was missed instead.
    h.latest().emit('cards', '{}', '3');
    h.latest().fail();
    h.wait();
    h.latest().emit('ready');
    expect(h.seen).toEqual(['gap', 'cards']);
  });

  it("resumes from ready's id when no event has come since", () => {
    const h = harness();
    h.latest().emit('ready', '{}', '120');
    h.latest().fail();
    h.wait();
    expect(h.latest().url).toBe('/api/me/events?lastEventId=120');
    h.latest().emit('ready', '{}', '120');
    expect(h.seen).toEqual([]);
  });

  it('waits while offline and connects at once when back online', () => {
    const h = harness();
    h.latest().emit('ready');
    h.latest().emit('addresses', '{}', '9');
    h.setOnline(false);
    expect(h.latest().closed).toBe(true);
    expect(h.pending()).toBe(0);
    h.setOnline(true);
    expect(h.sources).toHaveLength(2);
    expect(h.latest().url).toBe(liveUrl('9'));
  });

  it('sets nothing off offline: a failure then waits for the online event', () => {
    const h = harness();
    h.setOnline(false);
    expect(h.sources).toHaveLength(1);
    expect(h.pending()).toBe(0);
  });

  it('hands on why its session ended, and never reconnects after', () => {
    const h = harness();
    h.latest().emit('ready');
    h.latest().emit('session', '{}', '5');
    h.latest().emit('ended', '{"reason":"another_service"}');
    expect(h.seen).toEqual(['session', 'ended:another_service']);
    expect(h.latest().closed).toBe(true);
    h.setOnline(false);
    h.setOnline(true);
    expect(h.sources).toHaveLength(1);
    expect(h.pending()).toBe(0);
    expect(endReasonOf('not json')).toBe('signed_out');
    expect(endReasonOf('{"reason":"signed_out"}')).toBe('signed_out');
  });

  it('stop closes the stream and cancels a pending reconnect', () => {
    const h = harness();
    h.latest().fail();
    expect(h.pending()).toBe(1);
    h.connection.stop();
    expect(h.pending()).toBe(0);
    h.setOnline(true);
    expect(h.sources).toHaveLength(1);
  });
});
