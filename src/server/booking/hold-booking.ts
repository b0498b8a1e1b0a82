import { and, asc, eq } from 'drizzle-orm';
import { availabilityWindow } from '../../domain/availability-window';
import { basketTotal } from '../../domain/basket';
import { DAY_MS, MINUTE_MS } from '../../domain/constants';
import { formatPence } from '../../domain/format';
import { effectiveReferralCode } from '../../domain/referral';
import type { CustomerProfile } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { booking, bookingItem } from '../db/schema';
import { HttpProblem, type ProblemCode, type ProblemExtensions } from '../http/problem';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { referralForHold, type ReferralForHold } from '../referrals/apply-referral';
import { inTransactionUnderLock } from '../db/advisory-lock';
import { EXCLUSION_VIOLATION, sqlState } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { insertBookingWithItems, lockWallet, type BookingRow } from './booking-db';
import { availableCredit } from '../wallet/available-credit';
import { refuseAddressOutsideCity } from './address-in-city';
import { expireHoldsInTheWay } from './expire-holds';
import { loadHoldFacts, SLOT_SPANS_READ_MS } from './load-hold-facts';
import { selectionOf } from '../availability/load-selection';
import { rulesConfigOf } from '../availability/rules-config';
import { checkSlot, judgeSlot, toBookingTherapist } from '../availability/slot-check';
import { confirmReachable, prepareTravelCheck, travelLockName } from './travel-check';
import type { HeldBooking, HoldRequest } from '../../contract/booking';

const NO_REFERRAL: ReferralForHold = { referralId: null, discountPence: 0, note: null };

export const slotTaken = () =>
  new HttpProblem(409, 'Sorry, someone has just booked that time. Please choose another time.', {
    code: 'slot_taken',
  });

const rule = (detail: string, code: ProblemCode, more: ProblemExtensions = {}, field?: string) =>
  new HttpProblem(422, detail, {
    code,
    extensions: more,
    ...(field ? { errors: [{ field, message: detail }] } : {}),
  });

/** A held booking as the checkout shows it; `creditAvailablePence` is before this booking's own use. */
export function heldSummary(
  b: Pick<
    BookingRow,
    | 'id'
    | 'holdExpiresAt'
    | 'createdAt'
    | 'totalPricePence'
    | 'totalDurationMinutes'
    | 'creditAppliedPence'
    | 'referralDiscountPence'
    | 'amountDuePence'
  >,
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
    walletBalancePence: creditAvailablePence,
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
  // Read inside the bookable window: a time outside it is refused below without its spans.
  const bookable = availabilityWindow(now.getTime(), config);
  const spansFrom = Math.min(Math.max(startsAt.getTime(), bookable.start), bookable.end);
  const facts = await loadHoldFacts(ctx.db, {
    customerId: customer.id,
    city: request.city,
    treatmentIds: request.treatmentIds,
    therapistId: request.therapistId,
    addressId: request.addressId,
    // From a day before: the bookings before the time are where the therapist comes from.
    spans: {
      start: new Date(spansFrom - DAY_MS),
      end: new Date(Math.min(spansFrom + SLOT_SPANS_READ_MS, bookable.end)),
    },
    now,
  });

  const city = facts.city;
  if (!city) throw rule(`We do not serve "${request.city}".`, 'unknown_city', {}, 'body.city');
  const selection = selectionOf(request.treatmentIds, facts.treatments, 'body.treatmentIds');
  const therapist = facts.therapist && toBookingTherapist(facts.therapist);
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
  const snapshot = facts.address;
  if (!snapshot) {
    throw rule('Choose one of your saved addresses.', 'unknown_address', {}, 'body.addressId');
  }
  await refuseAddressOutsideCity(ctx.db, city, snapshot.postcode);

  const slotRequest = {
    therapistId: therapist.id,
    startsAt: startsAt.getTime(),
    durationMinutes: total.totalDurationMinutes,
    now,
    config,
  };
  const slot =
    total.totalDurationMinutes * MINUTE_MS <= SLOT_SPANS_READ_MS
      ? judgeSlot(facts.slotSpans, slotRequest)
      : await checkSlot(ctx.db, slotRequest);
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

  // Before any lock: this may ask a routing engine for journey times.
  const travel = await prepareTravelCheck(
    ctx,
    snapshot.postcode,
    {
      therapist,
      startsAt: startsAt.getTime(),
      durationMinutes: total.totalDurationMinutes,
      movingInterval: null,
      config,
      now,
    },
    log,
    'body.addressId',
    facts.slotSpans
      .filter((span) => span.kind === 'booking')
      .map((span) => ({
        start: Number(span.start_ms),
        end: Number(span.end_ms),
        district: span.district,
      })),
  );

  const during = {
    start: startsAt,
    end: new Date(startsAt.getTime() + total.totalDurationMinutes * MINUTE_MS),
  };
  const values = (creditPence: number, referral: ReferralForHold) => {
    const payable = total.totalPricePence - referral.discountPence;
    return {
      customerId: customer.id,
      therapistId: therapist.id,
      citySlug: city.slug,
      addressId: request.addressId,
      addressSnapshot: snapshot,
      district: travel.judge.place.district,
      startsAt,
      during,
      status: 'held' as const,
      totalPricePence: total.totalPricePence,
      totalDurationMinutes: total.totalDurationMinutes,
      creditAppliedPence: creditPence,
      referralId: referral.referralId,
      referralDiscountPence: referral.discountPence,
      amountDuePence: payable - creditPence,
      holdExpiresAt: new Date(now.getTime() + ctx.config.holdMinutes * MINUTE_MS),
      createdAt: now,
      updatedAt: now,
    };
  };
  const items = selection.items.map((item, position) => ({
    position,
    treatmentId: item.id,
    name: item.name,
    pricePence: item.pricePence,
    durationMinutes: item.durationMinutes,
    isAddOn: item.isAddOn,
  }));
  const referralCode = effectiveReferralCode(request.referralCode, customer.id) ?? undefined;
  // Most holds expire nothing and take nothing from the wallet: then the travel check and the
  // insert are the whole write, and no wallet lock is needed because no credit or discount is
  // counted (docs/decisions/0046). Either way the therapist's travel lock comes first, then rows,
  // then the wallet: the order every booking use case keeps.
  const plain =
    facts.staleHolds === 0 &&
    !facts.unusedReferral &&
    referralCode === undefined &&
    !(request.useCredit && facts.availableCreditPence > 0);
  let outcome;
  try {
    outcome = await inTransactionUnderLock(ctx.db, travelLockName(therapist.id), async (tx) => {
      await confirmReachable(tx, travel);
      if (plain) {
        const held = values(0, NO_REFERRAL);
        const id = await insertBookingWithItems(tx, held, items);
        return {
          row: { id, ...held },
          released: 0,
          available: facts.availableCreditPence,
          note: null,
        };
      }
      // Rows first, then the wallet lock: the order every booking use case keeps (booking-db.ts).
      const released =
        facts.staleHolds > 0
          ? await expireHoldsInTheWay(ctx, tx, now, {
              therapistId: therapist.id,
              during,
              customerId: customer.id,
            })
          : 0;
      await lockWallet(tx, customer.id);
      const referral = await referralForHold(
        tx,
        ctx,
        customer.id,
        referralCode,
        total.totalPricePence,
      );
      const available = await availableCredit(tx, customer.id, now);
      const payable = total.totalPricePence - referral.discountPence;
      const held = values(request.useCredit ? Math.min(available, payable) : 0, referral);
      const id = await insertBookingWithItems(tx, held, items);
      return { row: { id, ...held }, released, available, note: referral.note };
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
