import { sql } from 'drizzle-orm';
import type { CustomerProfile, Gender } from '../../domain/types';
import type { Db } from '../db/client';
import { DELETED_DOMAIN } from '../db/deleted-account';
import { queryRows } from '../db/query-rows';

// The waitlist's rows as the matcher reads them.

const GENDERS: readonly Gender[] = ['female', 'male', 'non-binary'];

export interface WaitingEntry {
  id: string;
  customerId: string;
  citySlug: string;
  treatmentIds: string[];
  therapistId: string | null;
  addressId: string | null;
  postcode: string;
  fromDate: string;
  toDate: string;
  earliestMinute: number | null;
  latestMinute: number | null;
}

interface EntryRow {
  id: string;
  customer_id: string;
  city_slug: string;
  treatment_ids: string[];
  therapist_id: string | null;
  address_id: string | null;
  postcode: string;
  from_date: string;
  to_date: string;
  earliest_minute: number | null;
  latest_minute: number | null;
}

const toEntry = (r: EntryRow): WaitingEntry => ({
  id: r.id,
  customerId: r.customer_id,
  citySlug: r.city_slug,
  treatmentIds: r.treatment_ids,
  therapistId: r.therapist_id,
  addressId: r.address_id,
  postcode: r.postcode,
  fromDate: String(r.from_date),
  toDate: String(r.to_date),
  earliestMinute: r.earliest_minute,
  latestMinute: r.latest_minute,
});

/**
 * Waiting entries with no open offer, in order of joining (created_at, then id), whose range has
 * not ended. Read without a lock: the offer's transaction locks the entry and checks again.
 */
export async function waitingEntries(
  db: Db,
  today: string,
  limit: number,
): Promise<WaitingEntry[]> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`select e.id, e.customer_id, e.city_slug, e.treatment_ids, e.therapist_id, e.address_id,
               e.postcode, e.from_date::text as from_date, e.to_date::text as to_date,
               e.earliest_minute, e.latest_minute
        from waitlist_entry e
        where e.status = 'waiting' and e.to_date >= ${today}::date and e.address_id is not null
          and not exists (select 1 from waitlist_offer o
                          where o.entry_id = e.id and o.status = 'offered')
        order by e.created_at, e.id
        limit ${limit}`,
  );
  return rows.map(toEntry);
}

/** The times already offered to an entry: never offered to it again (find-waitlist-times.ts). */
export async function offeredTimes(
  db: Db,
  entryId: string,
): Promise<{ therapistId: string; startsAt: Date }[]> {
  const rows = await queryRows<{ therapist_id: string; starts_at: Date | string }>(
    db,
    sql`select therapist_id, starts_at from waitlist_offer where entry_id = ${entryId}`,
  );
  return rows.map((r) => ({ therapistId: r.therapist_id, startsAt: new Date(r.starts_at) }));
}

/** The customer as the booking rules see them; null for a deleted account. */
export async function customerProfileOf(db: Db, userId: string): Promise<CustomerProfile | null> {
  const [row] = await queryRows<{ id: string; gender: string | null; account_type: string }>(
    db,
    sql`select id, gender, account_type from "user"
        where id = ${userId} and email not like ${`%${DELETED_DOMAIN}`}`,
  );
  if (!row) return null;
  const gender = GENDERS.find((g) => g === row.gender) ?? null;
  return {
    id: row.id,
    gender,
    accountType: row.account_type === 'business' ? 'business' : 'personal',
  };
}
