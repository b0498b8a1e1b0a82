import { asc, eq, like } from 'drizzle-orm';
import type { BookingCase } from '../../contract/booking-records';
import type { Db } from '../db/client';
import {
  emailOutbox,
  payment,
  providerTask,
  pushOutbox,
  pushSubscription,
  walletEntry,
  webhookDelivery,
} from '../db/schema';
import { notFound } from '../http/problem';
import { loadBookingRecords } from './load-booking-records';

// Customer service's whole picture of one booking: the record, every payment attempt, the
// provider calls decided for it (refunds, transfers), its wallet entries and every message about
// it. Booking messages carry the booking's id in their dedupe keys (booking-<id>-confirmed …).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function titleOf(payload: unknown): string {
  const title = (payload as { title?: unknown } | null)?.title;
  return typeof title === 'string' ? title : '(push)';
}

export async function loadBookingCase(db: Db, bookingId: string): Promise<BookingCase> {
  const messageKey = `booking-${bookingId}-%`;
  // Sequential: the caller may pass a transaction, whose one connection runs one query at a time.
  const [record] = await loadBookingRecords(db, [bookingId]);
  if (!record) throw notFound('Booking not found.');
  const payments = await db
    .select()
    .from(payment)
    .where(eq(payment.bookingId, bookingId))
    .orderBy(asc(payment.attempt));
  const calls = await db
    .select()
    .from(providerTask)
    .where(eq(providerTask.bookingId, bookingId))
    .orderBy(asc(providerTask.id));
  const entries = await db
    .select()
    .from(walletEntry)
    .where(eq(walletEntry.bookingId, bookingId))
    .orderBy(asc(walletEntry.id));
  const emails = await db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, messageKey))
    .orderBy(asc(emailOutbox.id));
  const pushes = await db
    .select({ row: pushOutbox, endpoint: pushSubscription.endpoint })
    .from(pushOutbox)
    .innerJoin(pushSubscription, eq(pushSubscription.id, pushOutbox.subscriptionId))
    .where(like(pushOutbox.dedupeKey, messageKey))
    .orderBy(asc(pushOutbox.id));
  const hooks = await db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.bookingId, bookingId))
    .orderBy(asc(webhookDelivery.id));

  return {
    booking: record,
    payments: payments.map((p) => ({
      id: p.id,
      attempt: p.attempt,
      method: p.method,
      status: p.status,
      amountPence: p.amountPence,
      refundedPence: p.refundedPence,
      card: p.cardBrand && p.cardLast4 ? `${p.cardBrand} ${p.cardLast4}` : null,
      providerPaymentId: p.providerPaymentId,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
    })),
    providerCalls: calls.map((t) => {
      const amount = (t.params as { amountPence?: unknown }).amountPence;
      return {
        kind: t.kind,
        status: t.status,
        amountPence: typeof amount === 'number' ? amount : null,
        attempts: t.attempts,
        lastError: t.lastError,
        createdAt: t.createdAt.toISOString(),
        doneAt: iso(t.doneAt),
      };
    }),
    walletEntries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountPence: e.amountPence,
      description: e.description,
      createdAt: e.createdAt.toISOString(),
    })),
    messages: [
      ...emails.map((m) => ({
        channel: 'email' as const,
        to: m.toAddress,
        subject: m.subject,
        status: m.status,
        attempts: m.attempts,
        error: m.error,
        createdAt: m.createdAt.toISOString(),
        sentAt: iso(m.sentAt),
      })),
      ...pushes.map(({ row, endpoint }) => ({
        channel: 'push' as const,
        // The push service's host says which kind of device it is, without the device's secret URL.
        to: `device at ${new URL(endpoint).host}`,
        subject: titleOf(row.payload),
        status: row.status,
        attempts: row.attempts,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        sentAt: iso(row.sentAt),
      })),
      ...hooks.map((h) => ({
        channel: 'webhook' as const,
        to: h.url,
        subject: h.type,
        status: h.status,
        attempts: h.attempts,
        error: h.lastError,
        createdAt: h.createdAt.toISOString(),
        sentAt: iso(h.deliveredAt),
      })),
    ].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  };
}
