import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { isDeletedEmail } from '../db/deleted-account';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { holdBooking } from '../booking/hold-booking';
import { HttpProblem } from '../http/problem';
import { enqueueMail } from '../mail/outbox';
import { enqueuePush } from '../push/push-outbox';
import { findWaitlistTimes, type WaitlistPassMemo } from './find-waitlist-times';
import { offerEmail, offerPush } from './offer-message';
import { offeredTimes, type WaitingEntry } from './waitlist-rows';

// One waiting entry, one freed time: the time is held for the customer as a real held booking
// (the exclusion constraint and the availability search keep everyone else out, and the checkout
// pays for it like any hold), then, in one transaction under the entry's row lock, the offer is
// written with its email and push. The hold is made first and outside that transaction because
// holding may ask a routing engine for journey times (never inside a transaction).

/** Times tried per entry per pass: each refusal is someone else's booking made meanwhile. */
const TRIES = 3;

export async function offerWaitlistTime(
  ctx: AppContext,
  entry: WaitingEntry,
  customer: CustomerProfile,
  pass: WaitlistPassMemo,
  log: WarnLog,
): Promise<boolean> {
  if (!entry.addressId) return false;
  const offered = await offeredTimes(ctx.db, entry.id);
  const times = await findWaitlistTimes(ctx, entry, customer, offered, pass, log);
  const minutes = ctx.config.waitlistOfferMinutes;
  // The hold lasts as long as the offer: holdBooking's hold length, for this hold only.
  const holdCtx: AppContext = { ...ctx, config: { ...ctx.config, holdMinutes: minutes } };
  for (const time of times.slice(0, TRIES)) {
    const before = ctx.now();
    let bookingId: string;
    let expiresAt: Date;
    try {
      const held = await holdBooking(
        holdCtx,
        customer,
        {
          city: entry.citySlug,
          therapistId: time.therapistId,
          treatmentIds: entry.treatmentIds,
          startsAt: time.startsAt.toISOString(),
          addressId: entry.addressId,
          useCredit: false,
        },
        log,
      );
      bookingId = held.id;
      expiresAt = new Date(held.holdExpiresAt);
    } catch (error) {
      // Taken meanwhile, or no longer bookable for this customer: the next time, or next pass.
      if (error instanceof HttpProblem && (error.status === 409 || error.status === 422)) continue;
      throw error;
    }
    const made = await inTransaction(ctx.db, (tx) =>
      recordOffer(ctx, tx, { entry, bookingId, time, expiresAt, before }),
    );
    if (made) {
      ctx.mailer.wake();
      return true;
    }
    return false;
  }
  return false;
}

interface OfferDraft {
  entry: WaitingEntry;
  bookingId: string;
  time: { therapistId: string; startsAt: Date };
  expiresAt: Date;
  /** When the hold was asked for: a booking created before is not this pass's own hold. */
  before: Date;
}

async function recordOffer(ctx: AppContext, tx: Db, d: OfferDraft): Promise<boolean> {
  const now = ctx.now();
  const [entry] = await queryRows<{ status: string; open: boolean }>(
    tx,
    sql`select status, exists (select 1 from waitlist_offer o
                               where o.entry_id = e.id and o.status = 'offered') as open
        from waitlist_entry e where id = ${d.entry.id} for update`,
  );
  const token = randomBytes(24).toString('base64url');
  const offer =
    entry?.status === 'waiting' && !entry.open
      ? await queryRows<{ id: string }>(
          tx,
          sql`insert into waitlist_offer (entry_id, booking_id, therapist_id, starts_at, expires_at, token)
              values (${d.entry.id}, ${d.bookingId}, ${d.time.therapistId},
                      ${d.time.startsAt.toISOString()}::timestamptz,
                      ${d.expiresAt.toISOString()}::timestamptz, ${token})
              on conflict do nothing
              returning id`,
        )
      : [];
  const offerId = offer[0]?.id;
  if (!offerId) {
    // Left, fulfilled, or asked by another instance meanwhile: the time goes back at once, unless
    // the booking is not this pass's own (another offer's, or the customer's own checkout).
    await queryRows(
      tx,
      sql`update booking set status = 'expired', hold_expires_at = ${now.toISOString()}::timestamptz,
                             updated_at = ${now.toISOString()}::timestamptz
          where id = ${d.bookingId} and status = 'held'
            and created_at >= ${d.before.toISOString()}::timestamptz
            and not exists (select 1 from waitlist_offer o where o.booking_id = booking.id)`,
    );
    return false;
  }
  const [who] = await queryRows<{ email: string; name: string; therapist_name: string }>(
    tx,
    sql`select u.email, u.name, t.name as therapist_name
        from "user" u, therapist t
        where u.id = ${d.entry.customerId} and t.id = ${d.time.therapistId}`,
  );
  const names = await queryRows<{ name: string }>(
    tx,
    sql`select i.name from booking_item i where i.booking_id = ${d.bookingId} order by i.position`,
  );
  if (who && !isDeletedEmail(who.email)) {
    const news = {
      offerId,
      token,
      customerId: d.entry.customerId,
      to: who.email,
      name: who.name,
      treatments: names.map((n) => n.name),
      therapistName: who.therapist_name,
      startsAt: d.time.startsAt,
      expiresAt: d.expiresAt,
      publicUrl: ctx.config.publicUrl,
    };
    await enqueueMail(tx, offerEmail(news));
    // Worthless once the hold has run out.
    const ttl = Math.max(60, Math.round((d.expiresAt.getTime() - now.getTime()) / 1000));
    await enqueuePush(tx, offerPush(news, ttl));
  }
  return true;
}
