import type { ServerResponse } from 'node:http';
import type { HubListener } from './live-hub';
import type { SessionEndReason } from '../../contract/live';
import { endedFrame, eventFrame, HEARTBEAT_FRAME, signalFrame, type LiveEvent } from './live-event';
import type { StreamStart } from './read-events';

/**
 * Unsent bytes past which a reader is too slow and its stream is closed: about a thousand
 * events. It reconnects and resumes from its last event, so nothing is lost, and the server never
 * holds more than this for it.
 */
export const MAX_UNSENT_BYTES = 64 * 1024;

export type StreamEnd = 'client' | 'session' | 'slow' | 'shutdown' | 'error';

export interface LiveStreamOptions {
  res: ServerResponse;
  heartbeatMs: number;
  /** Asked after a `session` event: has this stream's own session ended, and why? */
  sessionEnd(): Promise<SessionEndReason | null>;
  /** Called once, when the stream has ended for whatever reason. */
  onEnd(reason: StreamEnd): void;
}

/**
 * One open GET /api/me/events. Subscribed to the hub before it reads what it missed, so nothing
 * committed in between is lost: events heard meanwhile wait until that backlog has gone out and
 * are then sent unless the backlog held them.
 */
export class LiveStream implements HubListener {
  private waiting: LiveEvent[] | null = [];
  private heartbeat: NodeJS.Timeout | null = null;
  private ended = false;
  private checkingSession = false;
  private askAgain = false;

  constructor(private readonly options: LiveStreamOptions) {
    const { res } = options;
    res.on('close', () => this.end('client'));
    // A write to a connection the client has just dropped; 'close' follows and ends the stream.
    res.on('error', () => undefined);
  }

  /** What the stream missed, `ready` with a resume point, then whatever was heard meanwhile. */
  open(start: StreamStart): void {
    if (this.ended) return;
    const sent = new Set<number>();
    let last = start.head;
    if (start.missed === 'reset') this.write(signalFrame('reset', null));
    else {
      for (const event of start.missed) {
        sent.add(event.id);
        last = Math.max(last ?? 0, event.id);
        this.deliver(event);
      }
    }
    this.write(signalFrame('ready', last));
    const heard = this.waiting ?? [];
    this.waiting = null;
    for (const event of heard) if (!sent.has(event.id)) this.deliver(event);
    if (this.ended) return;
    this.heartbeat = setInterval(() => this.write(HEARTBEAT_FRAME), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  event(event: LiveEvent): void {
    if (this.ended) return;
    if (this.waiting) this.waiting.push(event);
    else this.deliver(event);
  }

  reset(): void {
    if (this.ended) return;
    // Said now even while opening: a reset covers whatever the backlog will say.
    this.write(signalFrame('reset', null));
  }

  end(reason: StreamEnd): void {
    if (this.ended) return;
    this.ended = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const { res } = this.options;
    if (!res.writableEnded && !res.destroyed) res.end();
    this.options.onEnd(reason);
  }

  private deliver(event: LiveEvent): void {
    this.write(eventFrame(event));
    if (event.kind === 'session') void this.checkSession();
  }

  private write(frame: string): void {
    if (this.ended) return;
    const { res } = this.options;
    res.write(frame);
    if (res.writableLength > MAX_UNSENT_BYTES) this.end('slow');
  }

  /** A session of the customer ended: if it was this stream's, the stream ends too. */
  private async checkSession(): Promise<void> {
    // One question at a time; another `session` event meanwhile asks again once it is answered.
    if (this.checkingSession) {
      this.askAgain = true;
      return;
    }
    this.checkingSession = true;
    try {
      do {
        this.askAgain = false;
        const reason = await this.options.sessionEnd();
        if (reason) {
          this.write(endedFrame(reason));
          this.end('session');
        }
      } while (this.askAgain && !this.ended);
    } catch {
      // Unknown whether it still holds: ending is safe, as the client reconnects if it may.
      this.end('error');
    } finally {
      this.checkingSession = false;
    }
  }
}
