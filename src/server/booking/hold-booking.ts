import { and, asc, eq } from 'drizzle-orm';
import { basketTotal } from '../../domain/basket';
import { MINUTE_MS } from '../../domain/constants';
import { formatPence } from '../../domain/format';
import type { CustomerProfile } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { findCity } from '../catalogue/list-cities';
import { address, booking, bookingItem } from '../db/schema';
import { HttpProblem } from '../http/problem';
import {
  EXCLUSION_VIOLATION,
  inTransaction,
  insertWithFreshReference,
  lockWallet,
  sqlState,
  type BookingRow,
  type WarnLog,
} from './booking-db';
import { effectiveReferralCode } from '../../domain/referral';
import { referralForHold } from '../referrals/apply-referral';
import { availableCredit } from './booking-wallet';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { expireHoldsInTheWay } from './expire-holds';
import { loadSelection } from './load-selection';
import { rulesConfigOf } from './rules-config';
import { checkSlot, loadBookingTherapist } from './slot-check';
import type { AddressSnapshot, HeldBooking, HoldRequest } from '../../contract/booking';

export const slotTaken = () =>
  new HttpProblem(409, 'Sorry, someone has just booked that time. Please choose another time.', {
    extensions: { code: 'slot_taken' },
  });

const rule = (detail: string, code: string, more: Record<string, unknown> = {}, field?: string) =>
  new HttpProblem(422, detail, {
    extensions: { code, ...more },
    ...(field ? { errors: [{ field, message: detail }] } : {}),
  });

/** A held booking as the checkout shows it; `creditAvailablePence` is before this booking's own use. */
export function heldSummary(
  b: BookingRow,
  creditAvailablePence: number,
  referralNote: string | null = null,
): HeldBooking {
  return {
    id: b.id,
    status: 'held',
    holdExpiresAt: (b.holdExpiresAt ?? b.createdAt).toISOString(),
    totalPricePence: b.totalPricePence,
    totalDurationMinutes: b.totalDurationMinutes,
    creditAppliedPence: b.creditAppliedPence,
    referralDiscountPence: b.referralDiscountPence,
    referralNote,
    walletCreditAvailablePence: Math.min(
      creditAvailablePence,
      b.totalPricePence - b.referralDiscountPence,
    ),
    amountDuePence: b.amountDuePence,
  };
}

async function summary(ctx: AppContext, b: BookingRow): Promise<HeldBooking> {
  return heldSummary(b, await availableCredit(ctx.db, b.customerId, ctx.now(), b.id));
}

/**
 * A double click or a retry after a lost answer asks for the same slot again: answer with the hold
 * the customer already has, rather than telling them their own hold took the time.
 */
async function ownMatchingHold(
  ctx: AppContext,
  customerId: string,
  request: HoldRequest,
  startsAt: Date,
): Promise<HeldBooking | null> {
  const rows = await ctx.db
    .select()
    .from(booking)
    .where(
      and(
        eq(booking.customerId, customerId),
        eq(booking.therapistId, request.therapistId),
        eq(booking.startsAt, startsAt),
        eq(booking.status, 'held'),
      ),
    );
  const now = ctx.now().getTime();
  for (const b of rows) {
    if (!b.holdExpiresAt || b.holdExpiresAt.getTime() <= now || b.addressId !== request.addressId)
      continue;
    const items = await ctx.db
      .select({ id: bookingItem.treatmentId })
      .from(bookingItem)
      .where(eq(bookingItem.bookingId, b.id))
      .orderBy(asc(bookingItem.position));
    if (items.map((i) => i.id).join(',') === request.treatmentIds.join(',')) return summary(ctx, b);
  }
  return null;
}

async function loadAddress(ctx: AppContext, customerId: string, addressId: string) {
  const [row] = await ctx.db
    .select()
    .from(address)
    .where(and(eq(address.id, addressId), eq(address.userId, customerId)));
  if (!row) {
    throw rule('Choose one of your saved addresses.', 'unknown_address', {}, 'body.addressId');
  }
  const snapshot: AddressSnapshot = {
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    town: row.town,
    postcode: row.postcode,
    instructions: row.instructions,
  };
  return snapshot;
}

/**
 * Holds a slot for the customer while they pay (config.holdMinutes). Everything is recomputed from
 * the database: the treatments and their prices, the therapist's rules, minimum spend, the slot and
 * the credit to apply. The exclusion constraint has the last word on overlaps.
 */
export async function holdBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  request: HoldRequest,
  log: WarnLog,
): Promise<HeldBooking> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const startsAt = new Date(request.startsAt);

  const city = await findCity(ctx.db, request.city);
  if (!city) throw rule(`We do not serve "${request.city}".`, 'unknown_city', {}, 'body.city');
  const selection = await loadSelection(ctx.db, request.treatmentIds, 'body.treatmentIds');
  const therapist = await loadBookingTherapist(ctx.db, request.therapistId);
  const visible =
    therapist &&
    isTherapistVisible(therapist, {
      city: city.slug,
      customer,
      baseTreatmentIds: selection.baseIds,
      now: now.getTime(),
      config,
    });
  if (!therapist || !visible) {
    throw rule(
      `${therapist?.name ?? 'This therapist'} cannot take this booking in ${city.name}. Please choose another therapist.`,
      'therapist_unavailable',
      {},
      'body.therapistId',
    );
  }
  const total = basketTotal(selection.items, therapist.minimumSpendPence, config);
  if (!total.meetsMinimumSpend) {
    throw rule(
      `Add ${formatPence(total.shortfallPence)} to book with ${therapist.name}.`,
      'minimum_spend',
      { shortfallPence: total.shortfallPence, minimumSpendPence: total.minimumSpendPence },
    );
  }
  const snapshot = await loadAddress(ctx, customer.id, request.addressId);

  const slot = await checkSlot(ctx.db, {
    therapistId: therapist.id,
    startsAt: startsAt.getTime(),
    durationMinutes: total.totalDurationMinutes,
    now,
    config,
  });
  if (slot === 'not-offered') {
    throw rule(
      `${therapist.name} is not available at that time. Please choose one of the times shown.`,
      'slot_not_offered',
      {},
      'body.startsAt',
    );
  }
  if (slot === 'taken') {
    const mine = await ownMatchingHold(ctx, customer.id, request, startsAt);
    if (mine) return mine;
    throw slotTaken();
  }

  const during = {
    start: startsAt,
    end: new Date(startsAt.getTime() + total.totalDurationMinutes * MINUTE_MS),
  };
  let outcome;
  try {
    outcome = await inTransaction(ctx.db, async (tx) => {
      // Rows first, then the wallet lock: the order every booking use case keeps (booking-db.ts).
      const released = await expireHoldsInTheWay(ctx, tx, now, {
        therapistId: therapist.id,
        during,
        customerId: customer.id,
      });
      await lockWallet(tx, customer.id);
      const referral = await referralForHold(
        tx,
        ctx,
        customer.id,
        effectiveReferralCode(request.referralCode, customer.id) ?? undefined,
        total.totalPricePence,
      );
      const available = await availableCredit(tx, customer.id, now);
      const payable = total.totalPricePence - referral.discountPence;
      const credit = request.useCredit ? Math.min(available, payable) : 0;
      const row = await insertWithFreshReference(tx, {
        customerId: customer.id,
        therapistId: therapist.id,
        citySlug: city.slug,
        addressId: request.addressId,
        addressSnapshot: snapshot,
        startsAt,
        during,
        status: 'held',
        totalPricePence: total.totalPricePence,
        totalDurationMinutes: total.totalDurationMinutes,
        creditAppliedPence: credit,
        referralId: referral.referralId,
        referralDiscountPence: referral.discountPence,
        amountDuePence: payable - credit,
        holdExpiresAt: new Date(now.getTime() + ctx.config.holdMinutes * MINUTE_MS),
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(bookingItem).values(
        selection.items.map((item, position) => ({
          bookingId: row.id,
          position,
          treatmentId: item.id,
          name: item.name,
          pricePence: item.pricePence,
          durationMinutes: item.durationMinutes,
          isAddOn: item.isAddOn,
        })),
      );
      return { row, released, available, note: referral.note };
    });
  } catch (error) {
    if (sqlState(error) !== EXCLUSION_VIOLATION) throw error;
    const mine = await ownMatchingHold(ctx, customer.id, request, startsAt);
    if (mine) return mine;
    throw slotTaken();
  }
  ctx.availabilityCache.clear();
  if (outcome.released > 0) await runProviderTasksNow(ctx, log);
  return heldSummary(outcome.row, outcome.available, outcome.note);
}
