import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { NotificationSubscription } from '../db/notifications';
import {
  CUSTOMER_EVENT_CHANNEL,
  parseNotification,
  type AddressedEvent,
  type LiveEvent,
} from './live-event';
import { readEventsSince, readHead } from './read-events';

/** What a stream is told by the hub. */
export interface HubListener {
  event(event: LiveEvent): void;
  /** Events may have been missed beyond recovery: refetch everything. */
  reset(): void;
}

/** Ids already handed out, so a catch-up after a reconnect does not repeat what was heard. */
const REMEMBERED_IDS = 4096;

/**
 * One per instance: listens on customer_event and hands each event to the streams of its
 * customer. The payload carries all a stream needs, so an event costs no query, and one that no
 * stream here wants costs a map lookup. After the listening connection was lost, it reads what
 * was committed meanwhile from the table (the notifications of that time are gone for good).
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<HubListener>>();
  private readonly recent = new Set<number>();
  private lastSeen = 0;
  private subscription: NotificationSubscription | null = null;
  private catchingUp: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly onAccountChange: () => void = () => {},
  ) {}

  private starting: Promise<void> | null = null;

  /** Starts listening on the first call (an instance no stream reaches opens no connection). */
  ready(): Promise<void> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    if (this.stopped) throw new Error('the live channel has stopped');
    this.subscription = await this.database.listen(CUSTOMER_EVENT_CHANNEL, {
      onNotify: (payload) => {
        const event = parseNotification(payload);
        if (event) this.dispatch(event);
        else this.log.warn({ payload }, 'live channel: an unreadable notification was ignored');
      },
      onReconnect: () => {
        this.catchingUp = this.catchingUp.then(() => this.catchUp());
      },
      onError: (error) =>
        this.log.warn({ err: error }, 'live channel: listening failed; trying again'),
    });
    // Listening first: an event committed between the two is heard, and lastSeen only grows.
    try {
      this.lastSeen = Math.max(this.lastSeen, await readHead(this.database.db));
    } catch (error) {
      await this.subscription.close();
      this.subscription = null;
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
    await this.catchingUp;
  }

  subscribe(userId: string, listener: HubListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(userId);
    };
  }

  private dispatch(event: AddressedEvent): void {
    if (this.stopped || this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > REMEMBERED_IDS) {
      const oldest = this.recent.values().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    if (event.id > this.lastSeen) this.lastSeen = event.id;
    if (event.kind === 'session' || event.kind === 'me') this.onAccountChange();
    const set = this.listeners.get(event.userId);
    if (!set) return;
    const { id, kind, bookingId } = event;
    // A copy: a listener may unsubscribe (its stream ends) while being told.
    for (const listener of [...set]) listener.event({ id, kind, bookingId });
  }

  private async catchUp(): Promise<void> {
    if (this.stopped) return;
    try {
      const missed = await readEventsSince(this.database.db, this.lastSeen);
      if (missed === 'reset') {
        this.log.warn('live channel: too much to catch up on; every stream refetches');
        this.resetAll();
        this.lastSeen = Math.max(this.lastSeen, await readHead(this.database.db));
        return;
      }
      for (const event of missed) this.dispatch(event);
    } catch (error) {
      // The streams are told to refetch rather than left to miss what happened.
      this.log.error({ err: error }, 'live channel: catching up failed; every stream refetches');
      this.resetAll();
    }
  }

  private resetAll(): void {
    for (const set of this.listeners.values()) for (const listener of [...set]) listener.reset();
  }
}
