import { sql, type SQL } from 'drizzle-orm';
import type { WaitlistEntry } from '../../contract/waitlist';
import { timeOfDay } from '../../domain/waitlist';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// A customer's entries as the account page shows them, with the time held for each right now.

interface ViewRow {
  id: string;
  city_slug: string;
  city_name: string;
  treatment_ids: string[];
  treatment_names: string[];
  from_date: string;
  to_date: string;
  therapist_id: string | null;
  therapist_name: string | null;
  earliest_minute: number | null;
  latest_minute: number | null;
  postcode: string;
  status: WaitlistEntry['status'];
  created_at: Date | string;
  token: string | null;
  offer_starts_at: Date | string | null;
  offer_expires_at: Date | string | null;
  offer_therapist_name: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toView(r: ViewRow): WaitlistEntry {
  return {
    id: r.id,
    city: r.city_slug,
    cityName: r.city_name,
    treatmentIds: r.treatment_ids,
    treatmentNames: r.treatment_names,
    from: String(r.from_date),
    to: String(r.to_date),
    therapistId: r.therapist_id,
    therapistName: r.therapist_name,
    earliest: r.earliest_minute === null ? null : timeOfDay(r.earliest_minute),
    latest: r.latest_minute === null ? null : timeOfDay(r.latest_minute),
    postcode: r.postcode,
    status: r.status,
    createdAt: iso(r.created_at),
    offer:
      r.token && r.offer_starts_at && r.offer_expires_at
        ? {
            token: r.token,
            startsAt: iso(r.offer_starts_at),
            expiresAt: iso(r.offer_expires_at),
            therapistName: r.offer_therapist_name ?? '',
          }
        : null,
  };
}

function viewQuery(where: SQL, now: Date): SQL {
  return sql`select e.id, e.city_slug, c.name as city_name, e.treatment_ids,
                    array(select tr.name from unnest(e.treatment_ids) with ordinality as u(id, n)
                          join treatment tr on tr.id = u.id order by u.n) as treatment_names,
                    e.from_date::text as from_date, e.to_date::text as to_date,
                    e.therapist_id, t.name as therapist_name, e.earliest_minute, e.latest_minute,
                    e.postcode, e.status, e.created_at,
                    o.token, o.starts_at as offer_starts_at, o.expires_at as offer_expires_at,
                    ot.name as offer_therapist_name
             from waitlist_entry e
             join city c on c.slug = e.city_slug
             left join therapist t on t.id = e.therapist_id
             left join waitlist_offer o on o.entry_id = e.id and o.status = 'offered'
                                        and o.expires_at > ${now.toISOString()}::timestamptz
             left join therapist ot on ot.id = o.therapist_id
             where ${where}`;
}

/** Waiting entries first, in order of joining; then the ended ones, latest first. */
export async function listWaitlist(
  db: Db,
  customerId: string,
  now: Date,
): Promise<WaitlistEntry[]> {
  const rows = await queryRows<ViewRow>(
    db,
    sql`${viewQuery(sql`e.customer_id = ${customerId}`, now)}
        order by e.status <> 'waiting',
                 case when e.status = 'waiting' then e.created_at end,
                 e.created_at desc, e.id
        limit 50`,
  );
  return rows.map(toView);
}

export async function waitlistEntryView(db: Db, id: string, now: Date): Promise<WaitlistEntry> {
  const [row] = await queryRows<ViewRow>(db, viewQuery(sql`e.id = ${id}`, now));
  if (!row) throw new Error(`waitlist entry ${id} is gone`);
  return toView(row);
}
