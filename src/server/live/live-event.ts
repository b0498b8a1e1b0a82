import { LIVE_CHANGE_KINDS, type LiveChangeKind, type SessionEndReason } from '../../contract/live';

/** One row of customer_event as a stream sends it: what changed, never the data. */
export interface LiveEvent {
  id: number;
  kind: LiveChangeKind;
  bookingId: string | null;
}

export interface AddressedEvent extends LiveEvent {
  userId: string;
}

/** The channel emit_customer_event() notifies on (migration 0018). */
export const CUSTOMER_EVENT_CHANNEL = 'customer_event';

/**
 * A re-read goes back this far before the resume point: ids are handed out when a row is
 * written, not when its transaction commits, so an event with a lower id can commit after one
 * with a higher id. Sending one twice only means a page fetches twice.
 */
export const RESUME_OVERLAP_SECONDS = 5;

const isKind = (text: string): text is LiveChangeKind =>
  (LIVE_CHANGE_KINDS as readonly string[]).includes(text);

/**
 * The NOTIFY payload `<id>:<kind>:<booking id or empty>:<user id>` (the user id last, as the
 * only part that may hold a colon); null for anything else.
 */
export function parseNotification(payload: string): AddressedEvent | null {
  const first = payload.indexOf(':');
  const second = payload.indexOf(':', first + 1);
  const third = payload.indexOf(':', second + 1);
  if (first < 1 || second < 0 || third < 0) return null;
  const id = Number(payload.slice(0, first));
  const kind = payload.slice(first + 1, second);
  const bookingId = payload.slice(second + 1, third);
  const userId = payload.slice(third + 1);
  if (!Number.isSafeInteger(id) || !isKind(kind) || userId === '') return null;
  return { id, kind, bookingId: bookingId === '' ? null : bookingId, userId };
}

/** The stream's first bytes: how long a browser waits before reconnecting. */
export const retryFrame = (ms: number) => `retry: ${ms}\n\n`;

export function eventFrame(event: LiveEvent): string {
  const data =
    event.kind === 'booking' && event.bookingId ? `{"bookingId":"${event.bookingId}"}` : '{}';
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${data}\n\n`;
}

/** `ready` and `reset`: no change of their own; an id, when given, is a resume point. */
export function signalFrame(name: 'ready' | 'reset', id: number | null): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${name}\ndata: {}\n\n`;
}

/** The last frame of a stream whose own session has ended: why, so the tab can say it. */
export const endedFrame = (reason: SessionEndReason) =>
  `event: ended\ndata: {"reason":"${reason}"}\n\n`;

export const HEARTBEAT_FRAME = ': ping\n\n';

/** A Last-Event-ID as sent: digits only, else unknown (answered with `reset`). */
export function parseEventId(text: string | undefined): number | null | 'invalid' {
  if (text === undefined || text === '') return null;
  if (!/^\d{1,15}$/.test(text)) return 'invalid';
  return Number(text);
}
