import { asc, eq, inArray, sql } from 'drizzle-orm';
import { addressSnapshotSchema } from '../../contract/booking';
import type { BookingHistoryEntry, BookingRecord } from '../../contract/booking-records';
import { MINUTE_MS } from '../../domain/constants';
import type { Db } from '../db/client';
import { booking, bookingChange, bookingItem, payment, therapist, user } from '../db/schema';

// The company's view of bookings (src/contract/booking-records.ts), for the internal API, the
// webhooks and the admin command line. Four queries however many bookings are asked for. This
// folder reads the booking tables but imports nothing of booking/, so booking can announce its
// changes to other systems through it without a cycle.

/** Payments that took money from a card (a refund keeps the row's amount; refunds are counted apart). */
const CARD_PAID = ['succeeded', 'partially_refunded', 'refunded'];

// Map.groupBy arrives with Node 21; the engines field promises Node 20.
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function addressOf(snapshot: unknown): BookingRecord['address'] {
  // Null once the account is erased: only the town and postcode district remain, no address.
  const parsed = addressSnapshotSchema.safeParse(snapshot);
  return parsed.success ? parsed.data : null;
}

/** The records of these bookings, in the order asked; ids that do not exist are left out. */
export async function loadBookingRecords(db: Db, ids: readonly string[]): Promise<BookingRecord[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  // One query after another rather than Promise.all: the webhooks read records inside a
  // transaction, on one connection, where node-postgres deprecates queueing queries on a busy client.
  const rows = await db
    .select({
      b: booking,
      freeAt: sql<string>`upper(${booking.during})`.mapWith((v: string | Date) => new Date(v)),
      therapistName: therapist.name,
      customer: { id: user.id, name: user.name, phone: user.phoneNumber, email: user.email },
    })
    .from(booking)
    .innerJoin(therapist, eq(therapist.id, booking.therapistId))
    .innerJoin(user, eq(user.id, booking.customerId))
    .where(inArray(booking.id, unique));
  const items = await db
    .select()
    .from(bookingItem)
    .where(inArray(bookingItem.bookingId, unique))
    .orderBy(asc(bookingItem.bookingId), asc(bookingItem.position));
  const history = await db
    .select()
    .from(bookingChange)
    .where(inArray(bookingChange.bookingId, unique))
    .orderBy(asc(bookingChange.id));
  const payments = await db
    .select({ bookingId: payment.bookingId, status: payment.status, amount: payment.amountPence })
    .from(payment)
    .where(inArray(payment.bookingId, unique));

  const itemsOf = groupBy(items, (i) => i.bookingId);
  const historyOf = groupBy(history, (h) => h.bookingId);
  const paymentsOf = groupBy(payments, (p) => p.bookingId);
  const records = new Map<string, BookingRecord>();

  for (const { b, freeAt, therapistName, customer } of rows) {
    const own = itemsOf.get(b.id) ?? [];
    const paid = paymentsOf.get(b.id) ?? [];
    const sum = (statuses: string[]) =>
      paid.filter((p) => statuses.includes(p.status)).reduce((n, p) => n + p.amount, 0);
    const treatmentMinutes = own.reduce((n, i) => n + i.durationMinutes, 0);
    // Credit is spent when the booking is paid for (payment_method is set then), not when held.
    const creditSpent = b.paymentMethod === null ? 0 : b.creditAppliedPence;
    records.set(b.id, {
      id: b.id,
      reference: b.reference,
      status: b.status,
      city: b.citySlug,
      therapist: { id: b.therapistId, name: therapistName },
      customer,
      address: addressOf(b.addressSnapshot),
      startsAt: b.startsAt.toISOString(),
      endsAt: new Date(b.startsAt.getTime() + treatmentMinutes * MINUTE_MS).toISOString(),
      endsWithBufferAt: freeAt.toISOString(),
      items: own.map((i) => ({
        treatmentId: i.treatmentId,
        name: i.name,
        pricePence: i.pricePence,
        durationMinutes: i.durationMinutes,
        isAddOn: i.isAddOn,
      })),
      amounts: {
        totalPence: b.totalPricePence,
        cardPence: sum(CARD_PAID),
        invoicePence: sum(['invoiced']),
        creditPence: creditSpent,
        referralDiscountPence: b.referralDiscountPence,
        refundedPence: b.refundedPence,
      },
      cancellation:
        b.status === 'cancelled' && b.cancelledAt
          ? {
              at: b.cancelledAt.toISOString(),
              by: b.cancelledBy === 'company' ? 'company' : 'customer',
              reason: b.cancelReason,
            }
          : null,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
      history: (historyOf.get(b.id) ?? []).map((h): BookingHistoryEntry => ({
        kind: h.kind,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        startsAt: h.startsAt.toISOString(),
        at: h.at.toISOString(),
      })),
    });
  }
  return ids.flatMap((id) => records.get(id) ?? []);
}
