import { sql } from 'drizzle-orm';
import type { ProgressAnswer, ProgressOrder } from '../../contract/internal';
import {
  bookingProgressOf,
  decideStep,
  lateArrivalCredit,
  type TakenStep,
} from '../../domain/booking-progress';
import { MINUTE_MS } from '../../domain/constants';
import type { AppContext } from '../app-context';
import { rulesConfigOf } from '../availability/rules-config';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import { findBookingId } from '../booking-records/find-booking-id';
import type { Db } from '../db/client';
import { isDeletedEmail } from '../db/deleted-account';
import { queryRows } from '../db/query-rows';
import { WALLET_KINDS } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { badRequest, HttpProblem, notFound } from '../http/problem';
import { enqueueProgressNotice } from '../notifications/enqueue-progress-notice';
import { appendWalletEntry } from '../wallet/wallet-ledger';
import { enqueueWebhookEvents } from '../webhooks/enqueue-booking-webhook';
import { lockBooking, type BookingRow } from './booking-db';
import { progressColumns, takenStepsOf, type ProgressColumns } from './booking-progress-rows';
import { completeLockedBooking } from './complete-bookings';
import { loadChangedBooking } from './load-changed-booking';

// A step the company's therapist app reports (POST /api/internal/bookings/:id/progress,
// docs/decisions/0084). One transaction under the booking's lock: the step is decided by the
// pure rules against the steps already taken and written once (the primary key is the last word);
// with it, and only with it, go its news — the customer's email and pushes for on_the_way and
// running_late, the booking.progress webhook, the late-arrival credit, and for finished the
// booking's completion as the completion job does it. A repeat writes nothing and so announces
// nothing, whatever retries and races do; a crash loses the step and all its news together.

export type ProgressContext = Pick<AppContext, 'db' | 'config' | 'now' | 'mailer'>;

/** How far ahead of our clock a step's time may be: the therapist's phone keeps its own. */
const CLOCK_SKEW_MS = MINUTE_MS;

const lateCreditKey = (bookingId: string) => `booking-${bookingId}-late-arrival-credit`;

export async function recordBookingProgress(
  ctx: ProgressContext,
  bookingKey: string,
  order: ProgressOrder,
): Promise<ProgressAnswer> {
  const now = ctx.now();
  const request = stepRequest(order, now);
  const bookingId = await findBookingId(ctx.db, bookingKey);
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const b = await lockBooking(tx, bookingId);
    if (!b) throw notFound('Booking not found.');
    const before = await readSteps(tx, b.id);
    const decision = decideStep(b.status, before.taken, request);
    if (decision.outcome === 'impossible') {
      throw new HttpProblem(
        409,
        `Booking ${b.reference} cannot take ${order.status}: ${decision.reason} Nothing was changed.`,
        { code: 'progress_step_impossible' },
      );
    }
    if (decision.outcome === 'repeat' || !(await insertStep(tx, b.id, decision.taken))) {
      return { b, status: b.status, taken: before.taken, credit: before.credit, accepted: false };
    }
    const taken = [...before.taken, decision.taken];
    const credit = (await creditLateArrival(ctx, tx, b, taken)) ?? before.credit;
    if (decision.taken.step === 'on_the_way' || decision.taken.step === 'running_late') {
      await tellCustomer(ctx, tx, b.id, decision.taken.step);
    }
    await enqueueWebhookEvents(ctx, tx, () => loadBookingRecords(tx, [b.id]), 'booking.progress', {
      progress: {
        step: decision.taken.step,
        at: new Date(decision.taken.atMs).toISOString(),
        etaMinutes: decision.taken.etaMinutes,
        lateArrivalCreditPence: credit,
      },
    });
    const completed =
      decision.taken.step === 'finished' && (await completeLockedBooking(ctx, tx, b.id));
    return { b, status: completed ? 'completed' : b.status, taken, credit, accepted: true };
  });
  if (outcome.accepted) ctx.mailer.wake();
  const progress = bookingProgressOf(outcome.taken, outcome.credit);
  if (!progress) throw new Error(`booking ${bookingId} has a step but no progress`);
  return {
    bookingId: outcome.b.id,
    reference: outcome.b.reference,
    bookingStatus: outcome.status,
    accepted: outcome.accepted,
    progress,
  };
}

/** The step asked for, its time checked against our clock: 400 for a bad one. */
function stepRequest(order: ProgressOrder, now: Date): TakenStep {
  const atMs = order.at === undefined ? now.getTime() : Date.parse(order.at);
  if (atMs > now.getTime() + CLOCK_SKEW_MS) {
    throw badRequest('The step cannot have happened in the future.', [
      { field: 'body.at', message: 'must not be more than a minute ahead of the server clock' },
    ]);
  }
  const withEta = order.status === 'on_the_way' || order.status === 'running_late';
  if (order.etaMinutes !== undefined && !withEta) {
    throw badRequest('Only on_the_way and running_late carry an estimate.', [
      { field: 'body.etaMinutes', message: 'only with on_the_way or running_late' },
    ]);
  }
  return { step: order.status, atMs, etaMinutes: order.etaMinutes ?? null };
}

async function readSteps(tx: Db, bookingId: string) {
  const [row] = await queryRows<ProgressColumns>(
    tx,
    sql`select ${progressColumns} from booking b where b.id = ${bookingId}`,
  );
  const credit = row?.late_arrival_credit_pence ?? null;
  return {
    taken: row ? takenStepsOf(row) : [],
    credit: credit === null ? null : Number(credit),
  };
}

/** Writes the step unless it is there already; answers whether it wrote it. */
async function insertStep(tx: Db, bookingId: string, t: TakenStep): Promise<boolean> {
  const rows = await queryRows<{ step: string }>(
    tx,
    sql`insert into booking_progress (booking_id, step, at, eta_minutes)
        values (${bookingId}, ${t.step}, ${new Date(t.atMs).toISOString()}::timestamptz,
                ${t.etaMinutes})
        on conflict (booking_id, step) do nothing
        returning step`,
  );
  return rows.length === 1;
}

/**
 * The late-arrival credit, when these steps make the arrival late: written once per booking by
 * its key (and the unique index on a booking's late-arrival credit), so a step that fixes the
 * arrival writes it and any later one finds it there. Answers the credit when there is one.
 */
async function creditLateArrival(
  ctx: ProgressContext,
  tx: Db,
  b: BookingRow,
  taken: readonly TakenStep[],
): Promise<number | null> {
  const late = lateArrivalCredit(taken, b.startsAt.getTime(), ctx.config.lateArrival);
  if (!late || late.creditPence === 0) return null;
  await appendWalletEntry(tx, {
    userId: b.customerId,
    kind: WALLET_KINDS.lateArrival,
    amountPence: late.creditPence,
    description: 'Late arrival credit',
    bookingId: b.id,
    idempotencyKey: lateCreditKey(b.id),
    createdAt: ctx.now(),
  });
  // Written now or by an earlier step: either way the ledger says what was given.
  const [row] = await queryRows<{ amount_pence: number }>(
    tx,
    sql`select amount_pence from wallet_entry where idempotency_key = ${lateCreditKey(b.id)}`,
  );
  return row ? Number(row.amount_pence) : null;
}

/** The email, and the pushes to the customer's devices, of on_the_way or running_late. */
async function tellCustomer(
  ctx: ProgressContext,
  tx: Db,
  bookingId: string,
  step: 'on_the_way' | 'running_late',
): Promise<void> {
  const now = ctx.now();
  const found = await loadChangedBooking(
    tx,
    bookingId,
    now,
    ctx.config,
    rulesConfigOf(ctx.config).bufferMinutes,
  );
  if (!found || isDeletedEmail(found.customer.email)) return;
  await enqueueProgressNotice(
    tx,
    {
      step,
      view: found.view,
      customer: found.customer,
      lateArrival: ctx.config.lateArrival,
      publicUrl: ctx.config.publicUrl,
    },
    found.hasPushDevices ? { userId: found.row.customerId } : undefined,
  );
}
