import { sql } from 'drizzle-orm';
import type { Gender, Interval, TherapistForRules } from '../../domain/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { therapistPhotoUrl } from '../media/photo-files';

export interface TherapistCandidate extends TherapistForRules {
  username: string;
  name: string;
  photoUrl: string | null;
}

interface TherapistRow {
  id: string;
  username: string;
  name: string;
  photo_url: string | null;
  photo_version: string | null;
  active: boolean;
  payments_connected: boolean;
  business_enabled: boolean;
  area: string;
  accepted_genders: Gender[];
  minimum_spend_pence: number | null;
  service_ids: string[];
  latest_end_ms: number | null;
}

/**
 * Of a therapist's services, only those asked for: the rules check that every selected main
 * treatment is offered, and a therapist's whole list (parsed for every candidate on every search)
 * was the largest part of reading the rows.
 */
const servicesAmong = (treatmentIds: string[]) =>
  treatmentIds.length === 0
    ? sql`'[]'::json`
    : sql`to_json(array(select s.treatment_id from therapist_service s
                        where s.therapist_id = t.id and s.treatment_id in ${treatmentIds}))`;

/**
 * Therapists of a city who offer every selected main treatment, with what the visibility rules
 * need (their services among those selected). Lists come as JSON, which JSON.parse reads at
 * once, rather than as PostgreSQL text arrays, which node-postgres parses character by character
 * for every candidate of every search (docs/decisions/0053). The SQL narrows by area, status
 * and services only to keep the rows few; the domain rules still decide who is shown. One query
 * whatever the number of therapists.
 */
export async function loadTherapistCandidates(
  db: Db,
  city: string,
  baseTreatmentIds: string[],
): Promise<TherapistCandidate[]> {
  const offersAll =
    baseTreatmentIds.length === 0
      ? sql`true`
      : sql`t.id in (
          select s.therapist_id from therapist_service s
          where s.treatment_id in ${baseTreatmentIds}
          group by s.therapist_id
          having count(distinct s.treatment_id) = ${baseTreatmentIds.length})`;
  const rows = await queryRows<TherapistRow>(
    db,
    sql`select t.id, t.username, t.name, t.photo_url, t.photo_version, t.active, t.payments_connected,
          t.business_enabled, t.area, to_json(t.accepted_genders) as accepted_genders,
          t.minimum_spend_pence,
          ${servicesAmong(baseTreatmentIds)} as service_ids,
          (select extract(epoch from max(upper(a.during))) * 1000 from availability a
            where a.therapist_id = t.id)::float8 as latest_end_ms
        from therapist t
        where t.area = ${city} and t.active and t.payments_connected and ${offersAll}
        order by t.name, t.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    photoUrl: therapistPhotoUrl({ id: r.id, photoVersion: r.photo_version, photoUrl: r.photo_url }),
    active: r.active,
    paymentsConnected: r.payments_connected,
    businessEnabled: r.business_enabled,
    area: r.area,
    acceptedGenders: r.accepted_genders,
    minimumSpendPence: r.minimum_spend_pence,
    serviceIds: r.service_ids,
    latestAvailabilityEnd: r.latest_end_ms === null ? null : Number(r.latest_end_ms),
  }));
}

interface SpanRow {
  kind: 'window' | 'booking';
  therapist_id: string;
  start_ms: number;
  end_ms: number;
}

function add(grouped: Map<string, Interval[]>, r: SpanRow): void {
  const list = grouped.get(r.therapist_id) ?? [];
  list.push({ start: Number(r.start_ms), end: Number(r.end_ms) });
  grouped.set(r.therapist_id, list);
}

const rangeOf = (range: Interval) =>
  sql`tstzrange(to_timestamp(${range.start / 1000}), to_timestamp(${range.end / 1000}), '[)')`;

/**
 * Availability windows and blocking bookings of these therapists that touch the range, in one
 * query (one round trip instead of two; each costs more CPU than its rows).
 */
export async function loadCalendars(
  db: Db,
  therapistIds: string[],
  range: Interval,
  now: Date,
): Promise<{ windows: Map<string, Interval[]>; bookings: Map<string, Interval[]> }> {
  const windows = new Map<string, Interval[]>();
  const bookings = new Map<string, Interval[]>();
  if (therapistIds.length === 0) return { windows, bookings };
  const span = sql`extract(epoch from lower(during))::float8 * 1000 as start_ms,
                   extract(epoch from upper(during))::float8 * 1000 as end_ms`;
  // A hold that ran out (waiting for 3-D Secure or not) no longer blocks anyone, even before the
  // sweeper marks it expired: the same test the hold transaction applies.
  // The ids as one array parameter, not one parameter each: a search has dozens of candidates,
  // and building, sending and parsing a list of them twice cost more than the rows.
  const ids = sql`${sql.param(therapistIds)}::text[]`;
  const rows = await queryRows<SpanRow>(
    db,
    sql`select 'window' as kind, therapist_id, ${span} from availability
        where therapist_id = any(${ids}) and during && ${rangeOf(range)}
        union all
        select 'booking' as kind, therapist_id, ${span} from booking
        where therapist_id = any(${ids}) and during && ${rangeOf(range)}
          and (status = 'confirmed'
               or (status in ('held', 'requires_action')
                   and hold_expires_at > ${now.toISOString()}::timestamptz))`,
  );
  for (const r of rows) add(r.kind === 'window' ? windows : bookings, r);
  return { windows, bookings };
}
