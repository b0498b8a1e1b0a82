import { randomUUID } from 'node:crypto';
import type { BookingRecord } from '../../contract/booking-records';
import type { WebhookEvent, WebhookEventName } from '../../contract/webhooks';
import type { AppContext } from '../app-context';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import type { Db } from '../db/client';
import { webhookDelivery } from '../db/schema';

// Booking events for the company's other systems are written in the transaction of the change
// they announce, like the customer's email (docs/decisions/0035): no crash can send an event for a
// change that rolled back, or lose the event of one that committed. The worker sends them later.
// Booking calls this; nothing here imports booking, so the dependency runs one way.

/** Which event a booking change announces; a reminder concerns only the customer. */
export const WEBHOOK_EVENT_OF = {
  confirmed: 'booking.confirmed',
  rescheduled: 'booking.moved',
  cancelled: 'booking.cancelled',
} as const satisfies Record<string, WebhookEventName>;

/**
 * One event per booking, each with the booking as it now stands (read inside the transaction),
 * and one delivery row per receiving URL. Nothing is written, and nothing read, when webhooks are
 * not configured. The records are asked for lazily, so a caller that needs them for other news
 * of the same change (the therapist's email) loads them once for both.
 */
export async function enqueueWebhookEvents(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Db,
  loadRecords: () => Promise<readonly BookingRecord[]>,
  type: WebhookEventName,
  /** What else the event says besides the booking (a booking.progress event's step). */
  more: Omit<WebhookEvent['data'], 'booking'> = {},
): Promise<void> {
  const hooks = ctx.config.webhooks;
  if (!hooks) return;
  const createdAt = ctx.now().toISOString();
  const rows = (await loadRecords()).flatMap((booking) => {
    const payload: WebhookEvent = {
      id: randomUUID(),
      type,
      createdAt,
      data: { booking, ...more },
    };
    return hooks.urls.map((url) => ({
      eventId: payload.id,
      type,
      bookingId: booking.id,
      url,
      payload,
    }));
  });
  if (rows.length > 0) await tx.insert(webhookDelivery).values(rows);
}

/** The same for bookings known by id (the completion job's batch). */
export function enqueueBookingWebhooks(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Db,
  bookingIds: readonly string[],
  type: WebhookEventName,
): Promise<void> {
  if (bookingIds.length === 0) return Promise.resolve();
  return enqueueWebhookEvents(ctx, tx, () => loadBookingRecords(tx, bookingIds), type);
}
