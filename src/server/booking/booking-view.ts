import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  canReschedule,
  cancellationTerms,
  refundSplit,
  termsAt,
  termsLines,
} from '../../domain/cancellation';
import { MINUTE_MS, UK_TIME_ZONE } from '../../domain/constants';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { booking, bookingItem, payment, therapist } from '../db/schema';
import type { BookingRow } from './booking-db';
import type { AddressSnapshot, BookingTerms, BookingView } from '../../contract/booking';
import { therapistPhotoUrl } from '../media/photo-files';
import type { BookingProgress } from '../../domain/booking-progress';
import { loadProgress } from './booking-progress-rows';
import { loadTipViews } from './booking-tip-view';
import { loadOwnReviews } from '../reviews/own-reviews';
import { loadBookingMedia, NO_MEDIA } from '../booking-media/load-booking-media';
import type { BookingMedia } from '../../contract/booking-media';

// The customer's view of a booking: what GET /api/bookings/:id and /api/me/appointments answer.
// A fixed number of queries however many bookings are shown (the progress steps one more, and
// only when a booking shown is or was confirmed).

export type { AddressSnapshot, BookingView };

type PaymentRow = typeof payment.$inferSelect;
type TherapistSummary = BookingView['therapist'];
type ItemRow = typeof bookingItem.$inferSelect;
/** What a view shows of the latest payment (and what the cancellation preview needs of it). */
export type ViewPayment = Pick<
  PaymentRow,
  'method' | 'cardBrand' | 'cardLast4' | 'status' | 'amountPence'
>;
export type ViewItem = BookingView['items'][number];

/**
 * The snapshot taken when the booking was made, or null once the customer's account was deleted:
 * then only the town and postcode district are kept (account/erase-personal-data.ts), which is no
 * address to show anyone.
 */
function deliveryAddress(snapshot: unknown): AddressSnapshot | null {
  if (typeof snapshot !== 'object' || snapshot === null || !('line1' in snapshot)) return null;
  return snapshot as AddressSnapshot;
}

/** What cancelling now would give back; held bookings cancel for free with nothing to refund. */
export function cancellationPreview(
  b: BookingRow,
  paid: ViewPayment | null,
  now: Date,
  policy: AppConfig['cancellation'],
): BookingView['cancellation'] {
  const none = { refundPence: 0, refundPercent: 0, cardRefundPence: 0, walletRefundPence: 0 };
  if (b.status === 'held' || b.status === 'requires_action') return { allowed: true, ...none };
  if (b.status !== 'confirmed') return { allowed: false, ...none };
  const terms = cancellationTerms(policy, b.startsAt.getTime(), now.getTime());
  if (!terms.allowed) return { allowed: false, ...none };
  const split = refundSplit(
    { amountPaidPence: paid?.amountPence ?? 0, creditAppliedPence: b.creditAppliedPence },
    terms.refundPercent,
  );
  return { allowed: true, refundPercent: terms.refundPercent, ...split };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The terms of a booking still held or confirmed, at `now` (null for any other): what cancelling
 * gives back of what was paid, or, while it waits for payment, of what is about to be paid.
 */
export function bookingTerms(
  b: BookingRow,
  paid: ViewPayment | null,
  now: Date,
  policy: AppConfig['cancellation'],
): BookingTerms | null {
  const pending = b.status === 'held' || b.status === 'requires_action';
  if (!pending && b.status !== 'confirmed') return null;
  const terms = termsAt(
    policy,
    {
      startsAt: b.startsAt.getTime(),
      amountPaidPence: pending ? b.amountDuePence : (paid?.amountPence ?? 0),
      creditAppliedPence: b.creditAppliedPence,
    },
    now.getTime(),
  );
  return {
    at: now.toISOString(),
    band: terms.band,
    refundPercent: terms.refundPercent,
    refundPence: terms.refundPence,
    freeUntil: iso(terms.freeUntil),
    partialUntil: iso(terms.partialUntil),
    changesAt: iso(terms.changesAt),
    reschedule: terms.reschedule.allowed
      ? { allowed: true, until: iso(terms.reschedule.until), reason: null }
      : { allowed: false, until: null, reason: terms.reschedule.reason },
    // Customers' times are UK wall-clock wherever the server runs (docs/product.md).
    lines: termsLines(policy, terms, UK_TIME_ZONE),
  };
}

export function toView(
  b: BookingRow,
  t: TherapistSummary,
  items: readonly ViewItem[],
  paid: ViewPayment | null,
  now: Date,
  policy: AppConfig['cancellation'],
  bufferMinutes: number,
  progress: BookingProgress | null,
  tip: BookingView['tip'] = null,
  review: BookingView['review'] = null,
  media: BookingMedia = NO_MEDIA,
): BookingView {
  const treatmentMinutes = items.reduce((sum, i) => sum + i.durationMinutes, 0);
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    city: b.citySlug,
    therapist: t,
    startsAt: b.startsAt.toISOString(),
    endsAt: new Date(
      b.startsAt.getTime() +
        (treatmentMinutes || b.totalDurationMinutes - bufferMinutes) * MINUTE_MS,
    ).toISOString(),
    items: items.map((i) => ({
      treatmentId: i.treatmentId,
      name: i.name,
      pricePence: i.pricePence,
      durationMinutes: i.durationMinutes,
      isAddOn: i.isAddOn,
    })),
    totalPricePence: b.totalPricePence,
    totalDurationMinutes: b.totalDurationMinutes,
    creditAppliedPence: b.creditAppliedPence,
    referralDiscountPence: b.referralDiscountPence,
    amountDuePence: b.amountDuePence,
    refundedPence: b.refundedPence,
    address: deliveryAddress(b.addressSnapshot),
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    payment: paid
      ? {
          method: paid.method,
          cardBrand: paid.cardBrand,
          cardLast4: paid.cardLast4,
          status: paid.status,
        }
      : null,
    cancellation: cancellationPreview(b, paid, now, policy),
    canReschedule:
      b.status === 'confirmed' && canReschedule(policy, b.startsAt.getTime(), now.getTime()),
    terms: bookingTerms(b, paid, now, policy),
    progress,
    tip,
    review,
    accessNotes: media.accessNotes,
    photos: media.photos,
  };
}

/** Only these can have had a therapist on the way: no read for holds and failed payments. */
const MAY_HAVE_PROGRESS: ReadonlySet<string> = new Set(['confirmed', 'completed', 'cancelled']);

/** Views of these bookings, in the order given. */
export async function loadBookingViews(
  db: Db,
  rows: BookingRow[],
  now: Date,
  config: AppConfig,
  bufferMinutes: number,
): Promise<BookingView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const therapistIds = [...new Set(rows.map((r) => r.therapistId))];
  const [therapists, items, payments] = [
    await db
      .select({
        id: therapist.id,
        name: therapist.name,
        username: therapist.username,
        photoUrl: therapist.photoUrl,
        photoVersion: therapist.photoVersion,
      })
      .from(therapist)
      .where(inArray(therapist.id, therapistIds)),
    await db
      .select()
      .from(bookingItem)
      .where(inArray(bookingItem.bookingId, ids))
      .orderBy(asc(bookingItem.position)),
    await db
      .select()
      .from(payment)
      .where(inArray(payment.bookingId, ids))
      .orderBy(desc(payment.createdAt)),
  ];
  const progress = await loadProgress(
    db,
    rows.filter((r) => MAY_HAVE_PROGRESS.has(r.status)).map((r) => r.id),
  );
  const tips = await loadTipViews(
    db,
    rows.filter((r) => r.status === 'completed').map((r) => r.id),
  );
  // Only a completed booking can have been reviewed (docs/decisions/0086).
  const reviews = await loadOwnReviews(
    db,
    rows.filter((r) => r.status === 'completed').map((r) => r.id),
    now,
  );
  // Notes and photos for the therapist (docs/decisions/0093).
  const media = await loadBookingMedia(db, ids);
  const therapistById = new Map(
    therapists.map(({ photoVersion, ...t }) => [
      t.id,
      { ...t, photoUrl: therapistPhotoUrl({ ...t, photoVersion }) },
    ]),
  );
  const itemsByBooking = new Map<string, ItemRow[]>();
  for (const item of items) {
    const list = itemsByBooking.get(item.bookingId) ?? [];
    list.push(item);
    itemsByBooking.set(item.bookingId, list);
  }
  const paymentByBooking = new Map<string, PaymentRow>();
  for (const p of payments)
    if (p.bookingId && !paymentByBooking.has(p.bookingId)) paymentByBooking.set(p.bookingId, p);
  return rows.map((b) =>
    toView(
      b,
      therapistById.get(b.therapistId) ?? {
        id: b.therapistId,
        name: '',
        username: '',
        photoUrl: null,
      },
      itemsByBooking.get(b.id) ?? [],
      paymentByBooking.get(b.id) ?? null,
      now,
      config.cancellation,
      bufferMinutes,
      progress.get(b.id) ?? null,
      tips.get(b.id) ?? null,
      reviews.get(b.id) ?? null,
      media.get(b.id) ?? NO_MEDIA,
    ),
  );
}

/** The customer's own booking, or null (someone else's is indistinguishable from none). */
export async function findOwnBooking(
  db: Db,
  bookingId: string,
  customerId: string,
): Promise<BookingRow | null> {
  const [row] = await db.select().from(booking).where(eq(booking.id, bookingId));
  return row && row.customerId === customerId ? row : null;
}
