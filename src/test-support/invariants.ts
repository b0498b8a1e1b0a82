import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { queryRows } from '../server/db/query-rows';

// What must hold in the database whatever crashed and when, once the server has restarted and its
// recovery jobs (payment reconciliation, provider calls, the hold sweep, the mail worker) have had
// their pass. Each rule is one query that lists the rows breaking it, so a failure names them.
// The crash suite (src/server/security/crash-safety.int.test.ts) checks the list after each kill.

export interface Invariant {
  name: string;
  /** The offending rows; none when the rule holds. `holdCutoff`: holds that ran out before it must be gone. */
  offenders: (holdCutoff: Date) => SQL;
}

/** A booking that was confirmed at some point (the trigger-written history says so). */
const everConfirmed = sql`exists (select 1 from booking_change c
  where c.booking_id = b.id and c.to_status = 'confirmed')`;

/** Card money a booking's payments kept: what was taken less what was given back. */
const cardKept = sql`coalesce((select sum(p.amount_pence - p.refunded_pence) from payment p
  where p.booking_id = b.id
    and p.status in ('succeeded', 'partially_refunded', 'refunded')), 0)`;

/** The card part of a cancellation's refund: the booking's refund less what went to the wallet. */
const cardRefunded = sql`(b.refunded_pence - coalesce((select sum(w.amount_pence) from wallet_entry w
  where w.booking_id = b.id and w.kind = 'booking_refund'), 0))`;

const mailCount = (kind: string) => sql`(select count(*) from email_outbox o
  where o.dedupe_key = 'booking-' || b.id::text || ${`-${kind}`})`;

/**
 * The referral rules (decisions 0029 and 0067): a referrer is credited for a friend's appointment
 * that took place, never for a payment, and once; a referral's discount is used by a booking of
 * the friend's that reserved it and was paid.
 */
export const REFERRAL_INVARIANTS: Invariant[] = [
  {
    name: "a referrer is credited once, and only after the friend's appointment took place",
    offenders: () => sql`select r.id, r.status, count(w.id) as credits
      from referral r left join wallet_entry w on w.referral_id = r.id and w.kind = 'referral_credit'
      group by r.id
      having count(w.id) <> (case when r.status = 'completed' then 1 else 0 end)
          or (r.status = 'completed' and (min(w.amount_pence) <> r.value_pence
                or min(w.user_id) <> r.referrer_user_id
                or not exists (select 1 from booking b
                  where b.customer_id = r.referred_user_id and b.status = 'completed')))`,
  },
  {
    name: "a referral's discount is used only by a paid booking of the friend that reserved it",
    offenders: () => sql`select r.id, r.discount_booking_id, b.status
      from referral r join booking b on b.id = r.discount_booking_id
      where b.referral_id is distinct from r.id or b.referral_discount_pence = 0
         or b.customer_id <> r.referred_user_id or not ${everConfirmed}`,
  },
];

export const INVARIANTS: Invariant[] = [
  {
    name: 'a confirmed booking kept exactly its amount due',
    offenders: () => sql`select b.id, b.status, b.amount_due_pence, ${cardKept} as kept
      from booking b where b.status in ('confirmed', 'completed')
        and coalesce(b.payment_method, 'card') <> 'invoice'
        and ${cardKept} <> b.amount_due_pence`,
  },
  {
    name: 'a booking never confirmed kept no money',
    offenders: () => sql`select b.id, b.status, ${cardKept} as kept
      from booking b where not ${everConfirmed} and ${cardKept} <> 0`,
  },
  {
    name: 'a cancelled paid booking kept only what its refund left',
    offenders: () => sql`select b.id, b.amount_due_pence, b.refunded_pence, ${cardKept} as kept
      from booking b where b.status = 'cancelled' and ${everConfirmed}
        and ${cardKept} <> b.amount_due_pence - ${cardRefunded}`,
  },
  {
    // A booking paid wholly by credit has a 0 p 'succeeded' wallet payment; cancelled, it stays so.
    name: 'no card payment succeeded for a booking that is not confirmed (half-made)',
    offenders: () => sql`select p.id, p.status, b.id as booking_id, b.status as booking_status
      from payment p join booking b on b.id = p.booking_id
      where p.status = 'succeeded' and p.amount_pence > 0
        and b.status not in ('confirmed', 'completed')`,
  },
  {
    name: 'no payment attempt left unsettled after the reconciler ran',
    offenders: () => sql`select p.id, p.status, p.booking_id from payment p
      where p.status in ('pending', 'processing')
         or (p.status = 'requires_action' and not exists (select 1 from booking b
               where b.id = p.booking_id and b.status = 'requires_action'))`,
  },
  {
    name: 'no hold outlives its expiry',
    offenders: (holdCutoff) => sql`select b.id, b.status, b.hold_expires_at from booking b
      where b.status in ('held', 'requires_action') and b.hold_expires_at < ${holdCutoff}`,
  },
  {
    // A call claimed by a server that was killed comes back when its lease (TASK_LEASE_MS, 2 min)
    // runs out; until then it counts as under way (decision 0052).
    name: 'every provider call decided (refunds, cancels) was made or is under way',
    offenders: () => sql`select t.id, t.kind, t.status, t.attempts, t.last_error
      from provider_task t
      where t.status = 'failed' or (t.status = 'pending' and t.next_attempt_at <= now())`,
  },
  {
    name: 'a confirmed booking has exactly one confirmation email; an unconfirmed one none',
    offenders: () => sql`select b.id, b.status, ${mailCount('confirmed')} as mails from booking b
      where ${mailCount('confirmed')} <> (case when ${everConfirmed} then 1 else 0 end)`,
  },
  {
    name: 'a cancelled paid booking has exactly one cancellation email',
    offenders: () => sql`select b.id, ${mailCount('cancelled')} as mails from booking b
      where b.status = 'cancelled' and ${everConfirmed} and ${mailCount('cancelled')} <> 1`,
  },
  {
    name: 'every queued email was sent',
    offenders: () => sql`select o.id, o.subject, o.status, o.attempts, o.error
      from email_outbox o where o.status <> 'sent'`,
  },
  {
    name: 'credit is spent once by a confirmed booking and never by another',
    offenders: () => sql`select b.id, b.status, b.credit_applied_pence,
        coalesce(sum(w.amount_pence), 0) as spent, count(w.id) as entries
      from booking b left join wallet_entry w on w.booking_id = b.id and w.kind = 'booking_payment'
      group by b.id
      having count(w.id) <> (case when ${everConfirmed} and b.credit_applied_pence > 0 then 1 else 0 end)
          or coalesce(sum(w.amount_pence), 0)
             <> (case when ${everConfirmed} then -b.credit_applied_pence else 0 end)`,
  },
  {
    name: 'a cancellation returns no more credit than was spent',
    offenders:
      () => sql`select w.booking_id, sum(w.amount_pence) as returned, b.credit_applied_pence
      from wallet_entry w join booking b on b.id = w.booking_id where w.kind = 'booking_refund'
      group by w.booking_id, b.credit_applied_pence having sum(w.amount_pence) > b.credit_applied_pence`,
  },
  {
    name: 'no wallet is overdrawn',
    offenders: () => sql`select w.user_id, sum(w.amount_pence) as balance from wallet_entry w
      group by w.user_id having sum(w.amount_pence) < 0`,
  },
  {
    name: "a redeemed gift card credited its whole amount to its redeemer's wallet once",
    offenders: () => sql`select g.id, g.status, g.balance_pence, count(w.id) as entries
      from gift_card g left join wallet_entry w
        on w.gift_card_id = g.id and w.kind = 'gift_card_redemption'
      group by g.id
      having (g.status = 'redeemed' and (count(w.id) <> 1
                or min(w.amount_pence) <> g.amount_pence or min(w.user_id) <> g.redeemed_by_user_id))
          or (g.status = 'active' and (count(w.id) <> 0 or g.balance_pence <> g.amount_pence))`,
  },
  ...REFERRAL_INVARIANTS,
];

export interface BrokenInvariant {
  name: string;
  rows: Record<string, unknown>[];
}

/** The rules that do not hold, each with (up to 5 of) its offending rows; empty when all hold. */
export async function brokenInvariants(
  db: Db,
  holdCutoff: Date,
  rules: readonly Invariant[] = INVARIANTS,
): Promise<BrokenInvariant[]> {
  const broken: BrokenInvariant[] = [];
  for (const invariant of rules) {
    const rows = await queryRows<Record<string, unknown>>(db, invariant.offenders(holdCutoff));
    if (rows.length > 0) broken.push({ name: invariant.name, rows: rows.slice(0, 5) });
  }
  return broken;
}

/** Where a booking may be now, given what the server last answered about it. */
const MAY_BE_NOW: Record<'held' | 'confirmed' | 'cancelled' | 'expired', string[]> = {
  held: ['held', 'requires_action', 'confirmed', 'cancelled', 'expired', 'failed', 'completed'],
  confirmed: ['confirmed', 'cancelled', 'completed'],
  cancelled: ['cancelled'],
  expired: ['expired'],
};

/**
 * Durability: what the server answered as done was committed and survived the crash. Each
 * booking it acknowledged exists in a state its last answer allows, and each customer's wallet
 * holds at least as many gift card redemptions as were answered 200.
 */
export async function lostAcknowledgements(
  db: Db,
  customers: {
    email: string;
    acknowledged: Map<string, keyof typeof MAY_BE_NOW>;
    redeemed: number;
  }[],
): Promise<BrokenInvariant[]> {
  const rows: Record<string, unknown>[] = [];
  for (const c of customers) {
    const ids = [...c.acknowledged.keys()];
    const found = ids.length
      ? await queryRows<{ id: string; status: string }>(
          db,
          sql`select id::text, status from booking where id::text in ${ids}`,
        )
      : [];
    const statusOf = new Map(found.map((r) => [r.id, r.status]));
    for (const [id, answered] of c.acknowledged) {
      const now = statusOf.get(id);
      if (!now || !MAY_BE_NOW[answered].includes(now)) rows.push({ id, answered, now });
    }
    const [redeemed] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from wallet_entry w join "user" u on u.id = w.user_id
          where u.email = ${c.email} and w.kind = 'gift_card_redemption'`,
    );
    if ((redeemed?.n ?? 0) < c.redeemed)
      rows.push({ customer: c.email, answeredRedemptions: c.redeemed, found: redeemed?.n });
  }
  return rows.length ? [{ name: 'what the server acknowledged survived the crash', rows }] : [];
}
