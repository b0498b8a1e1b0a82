import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AddressSnapshot } from '../../contract/booking';
import { basketTotal } from '../../domain/basket';
import { DEFAULT_RULES_CONFIG, MINUTE_MS, UK_TIME_ZONE } from '../../domain/constants';
import { EXCLUSION_VIOLATION, sqlState } from '../db/transaction';
import { lockWallet } from '../wallet/wallet-lock';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import {
  ACTIVE_BOOKING_STATUSES,
  address,
  booking,
  bookingItem,
  payment,
  savedCard,
  therapist,
  treatment,
  WALLET_KINDS,
  walletEntry,
} from '../db/schema';

// The demo accounts' history (docs/decisions/0026): so that every account page shows something
// real on the first sign-in, each demo account has a saved address, a saved card, wallet credit,
// a past appointment and an upcoming one. Run on every start outside production, it tops up what
// is missing relative to today and never duplicates: "at least one of each", not "exactly these
// rows". What a person did while trying the app (a new address, a cancelled booking) is kept.

/** The demo payment provider's name: these cards and payments belong to it (demo-provider.ts). */
const DEMO_PROVIDER = 'demo';

interface DemoAppointment {
  therapistId: string;
  treatmentIds: string[];
}

export interface DemoHistory {
  userId: string;
  city: string;
  address: Omit<AddressSnapshot, 'line2' | 'instructions'> & {
    line2?: string;
    instructions?: string;
  };
  creditPence: number;
  /** Booked from the catalogue's real therapists, with treatments they offer in that city. */
  past: DemoAppointment;
  upcoming: DemoAppointment;
}

export const DEMO_HISTORIES: readonly DemoHistory[] = [
  {
    userId: 'demo-personal',
    city: 'edinburgh',
    address: {
      label: 'Home',
      line1: '14 Dean Park Crescent',
      line2: 'Flat 2',
      town: 'Edinburgh',
      postcode: 'EH4 1PH',
      instructions: 'Second floor; the buzzer says Morgan.',
    },
    creditPence: 1500,
    past: { therapistId: 't-priya', treatmentIds: ['gel-manicure', 'nail-art'] },
    upcoming: { therapistId: 't-eilidh', treatmentIds: ['swedish-massage-60', 'hot-stones'] },
  },
  {
    userId: 'demo-business',
    city: 'newcastle',
    address: {
      label: 'Studio',
      line1: 'Unit 3, Harbour Lane Studios',
      line2: '21 Quayside',
      town: 'Newcastle upon Tyne',
      postcode: 'NE1 3DE',
      instructions: 'Ask at reception; parking in the yard behind.',
    },
    creditPence: 2500,
    past: { therapistId: 't-zara', treatmentIds: ['signature-facial-60'] },
    upcoming: { therapistId: 't-liam', treatmentIds: ['deep-tissue-massage-60'] },
  },
];

/** How far ahead the upcoming appointment goes: a few days, past the free-cancellation limit. */
const UPCOMING_FROM_DAYS = 3;
const UPCOMING_TO_DAYS = 14;
const PAST_DAYS_AGO = 7;

export interface HistoryReport {
  addresses: number;
  cards: number;
  creditPence: number;
  pastAppointments: number;
  upcomingAppointments: number;
}

/** Midnight (UK) of the UK date `days` after `now`'s, at `hour`:`minute` UK time. */
function ukTime(now: Date, days: number, hour = 0, minute = 0): Date {
  const today = new TZDate(now.getTime(), UK_TIME_ZONE);
  const at = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days,
    hour,
    minute,
    UK_TIME_ZONE,
  );
  return new Date(at.getTime());
}

/** YYYY-MM-DD of `now` in the UK. */
const ukDate = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: UK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

type Tx = Db;

async function ensureAddress(tx: Tx, h: DemoHistory): Promise<number> {
  const [any] = await tx
    .select({ id: address.id })
    .from(address)
    .where(eq(address.userId, h.userId))
    .limit(1);
  if (any) return 0;
  await tx.insert(address).values({ userId: h.userId, ...h.address, isDefault: true });
  return 1;
}

async function ensureCard(tx: Tx, h: DemoHistory, now: Date): Promise<number> {
  const [any] = await tx
    .select({ id: savedCard.id })
    .from(savedCard)
    .where(and(eq(savedCard.userId, h.userId), eq(savedCard.provider, DEMO_PROVIDER)))
    .limit(1);
  if (any) return 0;
  // A token of the demo network's "always succeeds" kind: paying with it confirms the booking.
  await tx.insert(savedCard).values({
    userId: h.userId,
    provider: DEMO_PROVIDER,
    providerCardId: `democard_ok_${randomUUID()}`,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: now.getUTCFullYear() + 3,
  });
  return 1;
}

/**
 * Tops the wallet up to the demo amount with one ledger entry (the ledger is append-only). The
 * key carries the UK date, so restarts on one day add nothing more, even when the credit was spent
 * in between; the next day's start tops it up again.
 */
async function ensureCredit(tx: Tx, h: DemoHistory, now: Date): Promise<number> {
  await lockWallet(tx, h.userId);
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${walletEntry.amountPence}), 0)` })
    .from(walletEntry)
    .where(eq(walletEntry.userId, h.userId));
  const missing = h.creditPence - Number(row?.balance ?? 0);
  if (missing <= 0) return 0;
  const added = await tx
    .insert(walletEntry)
    .values({
      userId: h.userId,
      kind: WALLET_KINDS.giftCard,
      amountPence: missing,
      description: 'Gift card (demo account)',
      idempotencyKey: `demo-credit-${h.userId}-${ukDate(now)}`,
    })
    .onConflictDoNothing({ target: walletEntry.idempotencyKey })
    .returning({ id: walletEntry.id });
  return added.length > 0 ? missing : 0;
}

interface Priced {
  therapistName: string;
  items: {
    id: string;
    name: string;
    pricePence: number;
    durationMinutes: number;
    isAddOn: boolean;
  }[];
}

/** The appointment's therapist and treatments as stored now, or null if the catalogue lost one. */
async function priced(tx: Tx, h: DemoHistory, a: DemoAppointment): Promise<Priced | null> {
  const [t] = await tx
    .select({ name: therapist.name, area: therapist.area, active: therapist.active })
    .from(therapist)
    .where(eq(therapist.id, a.therapistId));
  if (!t || !t.active || t.area !== h.city) return null;
  const rows = await tx
    .select({
      id: treatment.id,
      name: treatment.name,
      pricePence: treatment.pricePence,
      durationMinutes: treatment.durationMinutes,
      isAddOn: treatment.isAddOn,
    })
    .from(treatment)
    .where(inArray(treatment.id, a.treatmentIds));
  const items = a.treatmentIds.map((id) => rows.find((r) => r.id === id));
  if (items.some((i) => i === undefined)) return null;
  return { therapistName: t.name, items: items.filter((i) => i !== undefined) };
}

async function insertBooking(
  tx: Tx,
  h: DemoHistory,
  a: DemoAppointment,
  p: Priced,
  startsAt: Date,
  status: 'confirmed' | 'completed',
  bookedAt: Date,
): Promise<void> {
  const [home] = await tx
    .select()
    .from(address)
    .where(eq(address.userId, h.userId))
    .orderBy(sql`${address.isDefault} desc`, address.createdAt)
    .limit(1);
  const { totalPricePence: total, totalDurationMinutes: minutes } = basketTotal(
    p.items,
    null,
    DEFAULT_RULES_CONFIG,
  );
  const snapshot: AddressSnapshot | null = home
    ? {
        label: home.label,
        line1: home.line1,
        line2: home.line2,
        town: home.town,
        postcode: home.postcode,
        instructions: home.instructions,
      }
    : null;
  const [row] = await tx
    .insert(booking)
    .values({
      customerId: h.userId,
      therapistId: a.therapistId,
      citySlug: h.city,
      addressId: home?.id ?? null,
      addressSnapshot: snapshot,
      startsAt,
      during: { start: startsAt, end: new Date(startsAt.getTime() + minutes * MINUTE_MS) },
      status,
      totalPricePence: total,
      totalDurationMinutes: minutes,
      amountDuePence: total,
      paymentMethod: 'card',
      createdAt: bookedAt,
      updatedAt: bookedAt,
    })
    .returning({ id: booking.id });
  if (!row) throw new Error('demo booking insert returned no row');
  await tx.insert(bookingItem).values(
    p.items.map((item, position) => ({
      bookingId: row.id,
      position,
      treatmentId: item.id,
      name: item.name,
      pricePence: item.pricePence,
      durationMinutes: item.durationMinutes,
      isAddOn: item.isAddOn,
    })),
  );
  // Paid in full by the demo card, as the payment flow records it (attempt 1, succeeded), so the
  // account shows how it was paid and cancelling refunds it like any other booking.
  const paymentId = randomUUID();
  await tx.insert(payment).values({
    id: paymentId,
    bookingId: row.id,
    provider: DEMO_PROVIDER,
    method: 'card',
    providerPaymentId: `demo_pay_${paymentId}`,
    idempotencyKey: `booking-${row.id}-attempt-1`,
    attempt: 1,
    status: 'succeeded',
    amountPence: total,
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: bookedAt.getUTCFullYear() + 3,
    createdAt: bookedAt,
    updatedAt: bookedAt,
  });
}

/** A past appointment unless the account already has one (any that happened, seeded or not). */
async function ensurePast(tx: Tx, h: DemoHistory, now: Date): Promise<number> {
  const [any] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(
      and(
        eq(booking.customerId, h.userId),
        inArray(booking.status, ['confirmed', 'completed']),
        lt(booking.startsAt, now),
      ),
    )
    .limit(1);
  if (any) return 0;
  const p = await priced(tx, h, h.past);
  if (!p) return 0;
  // Last week, late morning; "completed", which no longer holds the therapist's time.
  const startsAt = ukTime(now, -PAST_DAYS_AGO, 11, 0);
  await insertBooking(tx, h, h.past, p, startsAt, 'completed', ukTime(now, -PAST_DAYS_AGO - 5, 9));
  return 1;
}

/**
 * An upcoming confirmed appointment unless the account has one: in the therapist's availability
 * a few days ahead, at the first hour that no active booking of theirs overlaps.
 */
async function ensureUpcoming(tx: Tx, h: DemoHistory, now: Date): Promise<number> {
  const [any] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(
      and(
        eq(booking.customerId, h.userId),
        eq(booking.status, 'confirmed'),
        gt(booking.startsAt, now),
      ),
    )
    .limit(1);
  if (any) return 0;
  const p = await priced(tx, h, h.upcoming);
  if (!p) return 0;
  const minutes = basketTotal(p.items, null, DEFAULT_RULES_CONFIG).totalDurationMinutes;
  const windows = await queryRows<{ start_ms: number; end_ms: number }>(
    tx,
    sql`select extract(epoch from lower(during))::float8 * 1000 as start_ms,
               extract(epoch from upper(during))::float8 * 1000 as end_ms
        from availability
        where therapist_id = ${h.upcoming.therapistId}
          and lower(during) >= ${ukTime(now, UPCOMING_FROM_DAYS).toISOString()}::timestamptz
          and lower(during) < ${ukTime(now, UPCOMING_TO_DAYS).toISOString()}::timestamptz
        order by lower(during)`,
  );
  for (const w of windows) {
    // On the hour, an hour after the window opens: a time a customer would pick.
    for (let start = Number(w.start_ms) + 60 * MINUTE_MS; ; start += 60 * MINUTE_MS) {
      const end = start + minutes * MINUTE_MS;
      if (end > Number(w.end_ms)) break;
      const taken = await queryRows<{ one: number }>(
        tx,
        sql`select 1 as one from booking
            where therapist_id = ${h.upcoming.therapistId}
              and status in ${[...ACTIVE_BOOKING_STATUSES]}
              and during && tstzrange(${new Date(start).toISOString()}::timestamptz,
                                      ${new Date(end).toISOString()}::timestamptz)
            limit 1`,
      );
      if (taken.length > 0) continue;
      try {
        // A savepoint: if a booking made meanwhile (another instance) takes the time, the
        // exclusion constraint refuses this one and the rest of the seed still commits.
        await tx.transaction(async (sp) =>
          insertBooking(sp, h, h.upcoming, p, new Date(start), 'confirmed', ukTime(now, -1, 18)),
        );
        return 1;
      } catch (error) {
        if (sqlState(error) !== EXCLUSION_VIOLATION) throw error;
      }
    }
  }
  return 0;
}

/**
 * Gives the demo accounts that exist their history, fresh relative to `now`. One transaction,
 * serialised across instances by an advisory lock, so two servers starting together on one
 * PostgreSQL do not both add an appointment. No network call is made.
 */
export async function seedDemoHistory(db: Db, now: Date): Promise<HistoryReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('demo-history'))`);
    const report: HistoryReport = {
      addresses: 0,
      cards: 0,
      creditPence: 0,
      pastAppointments: 0,
      upcomingAppointments: 0,
    };
    const present = await queryRows<{ id: string }>(
      tx,
      sql`select id from "user" where id in ${DEMO_HISTORIES.map((h) => h.userId)}`,
    );
    for (const h of DEMO_HISTORIES) {
      if (!present.some((u) => u.id === h.userId)) continue;
      report.addresses += await ensureAddress(tx, h);
      report.cards += await ensureCard(tx, h, now);
      report.creditPence += await ensureCredit(tx, h, now);
      report.pastAppointments += await ensurePast(tx, h, now);
      report.upcomingAppointments += await ensureUpcoming(tx, h, now);
    }
    return report;
  });
}
