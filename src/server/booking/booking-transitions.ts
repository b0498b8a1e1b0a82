import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { reminderDueAt } from '../../domain/reminders';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { preparedStatement, queryPrepared, type Bound } from '../db/query-rows';
import { booking, payment, type BookingStatus } from '../db/schema';
import { SUCCESS_COLUMNS, type SuccessChange, type SuccessColumn } from '../payments/provider-news';
import { announceBookingChange } from './announce-booking-change';
import {
  changedBookingSelect,
  readChangedBooking,
  viewPaymentJson,
  type ChangedBookingRaw,
} from './load-changed-booking';
import { rulesConfigOf } from '../availability/rules-config';
import { PENDING_STATUSES, type BookingRow } from './booking-db';
import { spendCredit } from './booking-wallet';
import { useReferralDiscount } from '../referrals/settle-referral';

// The status changes of a booking that waits for payment. Callers hold the booking row lock
// (lockBooking) and pass the row they locked. Every change is a compare-and-set from the status
// the caller saw: under the lock it cannot fail, so if it does, something skipped the lock, and
// the transaction is rolled back rather than let a stale decision through.

export class StaleStateError extends Error {
  constructor(bookingId: string, expected: readonly string[]) {
    super(`booking ${bookingId} was not in ${expected.join('/')} when changed: lock not held?`);
    this.name = 'StaleStateError';
  }
}

/** A change's values: a value each, or SQL (a placeholder of a statement built once). */
type BookingSet = PgUpdateSetSource<typeof booking>;
type PaymentSet = PgUpdateSetSource<typeof payment>;

/** A payment's row as a change writes it along with its booking's (see moveBooking). */
export interface PaymentChange {
  paymentId: string;
  changes: Partial<typeof payment.$inferInsert>;
}

/**
 * The head of a change's statement: `with [paid as (UPDATE payment …),] moved as (UPDATE booking …
 * WHERE id = ? AND status IN (expected) RETURNING *)`, for a select over `moved` to follow. The
 * payment's UPDATE, when given, runs in the same statement (a data-modifying WITH: one round trip
 * instead of two); the caller holds both rows' locks, and if the booking's compare-and-set matches
 * no row the caller's error rolls the payment's change back with the rest.
 */
function moveStatement(
  tx: Db,
  bookingId: Bound<string>,
  expected: readonly BookingStatus[],
  changes: BookingSet,
  alsoPayment?: { paymentId: Bound<string>; changes: PaymentSet },
): SQL {
  const moved = tx
    .update(booking)
    .set(changes)
    .where(and(eq(booking.id, bookingId), inArray(booking.status, [...expected])))
    .returning()
    .getSQL();
  if (!alsoPayment) return sql`with moved as (${moved})`;
  const paid = tx
    .update(payment)
    .set(alsoPayment.changes)
    .where(eq(payment.id, alsoPayment.paymentId))
    .returning()
    .getSQL();
  return sql`with paid as (${paid}), moved as (${moved})`;
}

/** UPDATE booking … WHERE id = ? AND status IN (expected): exactly one row or an error. */
export async function moveBooking(
  tx: Db,
  bookingId: string,
  expected: readonly BookingStatus[],
  changes: Partial<typeof booking.$inferInsert>,
  alsoPayment?: PaymentChange,
): Promise<void> {
  const rows = await queryPrepared<{ id: string }>(
    tx,
    'move_booking',
    sql`${moveStatement(tx, bookingId, expected, changes, alsoPayment)} select id from moved`,
  );
  if (rows.length !== 1) throw new StaleStateError(bookingId, expected);
}

/** `SET column = placeholder`, bound through the column's own encoding (null stays NULL). */
function setFrom<C extends string>(
  columns: Record<C, PgColumn>,
  keys: readonly C[],
  p: Record<C, Placeholder>,
): Record<C, SQL> {
  const set = {} as Record<C, SQL>;
  for (const key of keys) set[key] = sql`${sql.param(p[key], columns[key])}`;
  return set;
}

const CONFIRM_KEYS = ['bookingId', 'method', 'reminderDueAt', 'now'] as const;
type ConfirmKey = (typeof CONFIRM_KEYS)[number];

/** The confirmation's statement (see confirmBooking), with the payment whose success it writes. */
function confirmSql(
  db: Db,
  p: Record<ConfirmKey, Placeholder>,
  paid?: { paymentId: Placeholder; changes: Record<SuccessColumn, SQL> },
): SQL {
  const set = setFrom(booking, ['paymentMethod', 'reminderDueAt', 'updatedAt'], {
    paymentMethod: p.method,
    reminderDueAt: p.reminderDueAt,
    updatedAt: p.now,
  });
  const head = moveStatement(
    db,
    p.bookingId,
    PENDING_STATUSES,
    { status: 'confirmed', holdExpiresAt: null, ...set },
    paid,
  );
  return sql`${head} ${changedBookingSelect(
    sql`moved`,
    paid ? sql`(select ${viewPaymentJson} from paid p)` : undefined,
  )}`;
}

// Built once each: by credit or invoice, and by card (the payment's success in the same statement).
const confirmOnly = preparedStatement('confirm_booking', CONFIRM_KEYS, (p, db) =>
  confirmSql(db, p),
);
const confirmPaid = preparedStatement(
  'confirm_paid_booking',
  [...CONFIRM_KEYS, 'paymentId', ...SUCCESS_COLUMNS],
  (p, db) =>
    confirmSql(db, p, { paymentId: p.paymentId, changes: setFrom(payment, SUCCESS_COLUMNS, p) }),
);

/**
 * Payment done: the slot is the customer's, the reserved credit is spent and the confirmation
 * email is in the outbox, all in the caller's transaction. Wallet lock held when the booking
 * reserved credit or a discount (lockCreditFor in booking-purchase.ts). The reminder's due time
 * is written in the same UPDATE as the status, so announcing the confirmation finds it already
 * right; so is the payment that paid for it, when the caller passes its change (a card payment's
 * success).
 *
 * The same statement reads back what the confirmation email needs (a data-modifying WITH whose
 * select sees the rows the UPDATEs return): one round trip for change and read, the second
 * statement of issue 14's twelve. Other tables are read as they stood when the statement began,
 * which is right for all of them; the payment is taken from its own UPDATE when there is one, and
 * otherwise (invoice, credit) from the row this transaction wrote before.
 */
export async function confirmBooking(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Db,
  b: BookingRow,
  now: Date,
  method: string,
  paid?: SuccessChange,
): Promise<void> {
  const values = {
    bookingId: b.id,
    method,
    reminderDueAt: reminderDueAt(b.startsAt, now, ctx.config.reminderLeadHours),
    now,
  };
  const rows = paid
    ? await confirmPaid.rows<ChangedBookingRaw>(tx, {
        ...values,
        paymentId: paid.paymentId,
        ...paid.changes,
      })
    : await confirmOnly.rows<ChangedBookingRaw>(tx, values);
  const [raw] = rows;
  if (!raw || rows.length !== 1) throw new StaleStateError(b.id, PENDING_STATUSES);
  const buffer = rulesConfigOf(ctx.config).bufferMinutes;
  const found = readChangedBooking(raw, now, ctx.config, buffer);
  await spendCredit(tx, b);
  await useReferralDiscount(tx, b);
  await announceBookingChange(ctx, tx, b.id, 'confirmed', found);
}

/**
 * Gives the slot back: a decline ('failed'), a hold that ran out or was let go unpaid ('expired'),
 * or a confirmed booking cancelled ('cancelled').
 */
export async function releaseBooking(
  tx: Db,
  b: BookingRow,
  now: Date,
  status: 'failed' | 'expired' | 'cancelled',
  /** A cancellation's who, why and refund, written in the same UPDATE (one change, one log entry). */
  cancellation: Pick<
    Partial<typeof booking.$inferInsert>,
    'cancelledBy' | 'cancelReason' | 'refundedPence'
  > = {},
): Promise<void> {
  await moveBooking(
    tx,
    b.id,
    status === 'cancelled' ? [...PENDING_STATUSES, 'confirmed'] : PENDING_STATUSES,
    {
      status,
      updatedAt: now,
      ...(status === 'cancelled' ? { cancelledAt: now, ...cancellation } : {}),
    },
  );
}
