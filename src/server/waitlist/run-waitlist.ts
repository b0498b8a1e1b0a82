import { sql } from 'drizzle-orm';
import { UK_TIME_ZONE } from '../../domain/constants';
import { ukDateOf } from '../../domain/uk-time';
import type { WaitlistRun } from '../../contract/waitlist';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { WarnLog } from '../db/warn-log';
import { offerWaitlistTime } from './offer-waitlist-time';
import { expireWaitlistEntries, settleWaitlistOffers } from './settle-waitlist';
import { customerProfileOf, waitingEntries } from './waitlist-rows';

// The waitlist's background pass (docs/decisions/0089): settle the offers, end the entries whose
// range has passed, then ask the waiting entries in order of joining whether a time that suits
// them is free, and offer it. Short interval: a cancelled or lapsed time reaches the next person
// within seconds, without the cancellation path knowing the waitlist exists.
//
// One pass at a time across all instances (a lease row, compare-and-set): entries are asked in
// order of joining, which two passes at once could not promise. Correctness does not rest on
// the lease: a pass that outlives it is checked by the entry's row lock, the one-open-offer index
// and the booking exclusion constraint.

export const WAITLIST_INTERVAL_MS = 15_000;
/** Long enough for a pass over a busy list; a crashed instance's lease lapses after it. */
const LEASE_MS = 2 * 60_000;
const ENTRIES_PER_PASS = 200;

async function claimPass(db: Db, now: Date): Promise<Date | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into waitlist_pass (id, running_until) values (1, ${until.toISOString()}::timestamptz)
        on conflict (id) do update set running_until = excluded.running_until
        where waitlist_pass.running_until <= ${now.toISOString()}::timestamptz
        returning id`,
  );
  return rows.length > 0 ? until : null;
}

async function releasePass(db: Db, until: Date, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`update waitlist_pass set running_until = ${now.toISOString()}::timestamptz
        where id = 1 and running_until = ${until.toISOString()}::timestamptz`,
  );
}

export async function runWaitlist(ctx: AppContext, log: WarnLog): Promise<WaitlistRun> {
  const until = await claimPass(ctx.db, ctx.now());
  if (!until) return { ran: false, offered: 0, taken: 0, lapsed: 0, expired: 0 };
  try {
    const { taken, lapsed } = await settleWaitlistOffers(ctx);
    const today = ukDateOf(ctx.now().getTime(), UK_TIME_ZONE);
    const expired = await expireWaitlistEntries(ctx, today);
    let offered = 0;
    const pass = { dates: new Map<string, Promise<string[]>>() };
    for (const entry of await waitingEntries(ctx.db, today, ENTRIES_PER_PASS)) {
      const customer = await customerProfileOf(ctx.db, entry.customerId);
      if (!customer) continue;
      try {
        if (await offerWaitlistTime(ctx, entry, customer, pass, log)) offered++;
      } catch (error) {
        // One entry's trouble (a city since closed, a routing engine down) stops no one else's.
        log.warn({ err: error, entryId: entry.id }, 'waitlist entry could not be matched');
      }
    }
    return { ran: true, offered, taken, lapsed, expired };
  } finally {
    await releasePass(ctx.db, until, ctx.now());
  }
}
