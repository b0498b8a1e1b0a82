import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { postcodeDistrict } from '../../domain/account-forms';
import type { PlacedBooking, TherapistTravel, TravelMode } from '../../domain/travel-types';
import type { Gender, Interval, TherapistForRules } from '../../domain/types';
import { cityPostcodeAreasQuery, type CityPlace } from './city-areas';
import type { Db } from '../db/client';
import { blockingStatus, overlapsSeconds } from '../db/overlaps';
import { preparedStatement } from '../db/query-rows';
import { therapistPhotoUrl } from '../media/photo-files';
import { selectionJsonQuery, type SelectedTreatment } from './load-selection';

// The reads behind every availability answer: at most three prepared statements whatever the
// number of treatments, therapists or days (docs/decisions/0057), and one while the catalogue is
// unchanged (0061). Each round trip costs the server more CPU (a socket write, a wake-up of
// PostgreSQL, drizzle building the query) than its rows do.

export interface TherapistCandidate extends TherapistForRules {
  username: string;
  name: string;
  photoUrl: string | null;
  /** Never leaves the server: the home base is private (docs/decisions/0077). */
  travel: TherapistTravel;
}

/** A candidate with their availability windows over the range the read covered. */
export interface SearchCandidate extends TherapistCandidate {
  windows: readonly Interval[];
}

export interface SearchFacts {
  cityExists: boolean;
  /** The city's name and postcode areas, for refusing a postcode outside it (city-areas.ts). */
  city: CityPlace;
  /** The active treatments among those asked for (selectionJsonQuery). */
  treatments: SelectedTreatment[];
  /** The catalogue version this was read at (decision 0058). */
  catalogueVersion: string;
}

// As text: node-postgres and PGlite read a bigint differently.
const catalogueVersionColumn = sql`(select version::text from catalogue_version) as catalogue_version`;

// Built once each (docs/decisions/0063): every search runs at least one of them.
const searchFactsStatement = preparedStatement(
  'availability_search_facts',
  ['city', 'treatmentIds'],
  (p) => sql`select exists(select 1 from city where slug = ${p.city}) as city_exists,
               (select name from city where slug = ${p.city}) as city_name,
               ${cityPostcodeAreasQuery(p.city)} as postcode_areas,
               ${selectionJsonQuery(p.treatmentIds)} as treatments, ${catalogueVersionColumn}`,
);

/** Whether the city exists, the selected treatments with their prices and add-ons, and when. */
export async function loadSearchFacts(
  db: Db,
  city: string,
  treatmentIds: string[],
): Promise<SearchFacts> {
  const [row] = await searchFactsStatement.rows<{
    city_exists: boolean;
    city_name: string | null;
    postcode_areas: string[];
    treatments: SelectedTreatment[];
    catalogue_version: string;
  }>(db, { city, treatmentIds });
  if (!row) throw new Error('the search facts statement answered no row');
  return {
    cityExists: row.city_exists,
    city: { slug: city, name: row.city_name ?? city, postcodeAreas: row.postcode_areas },
    treatments: row.treatments,
    catalogueVersion: row.catalogue_version,
  };
}

/** A therapist's columns as the searches read them (slot-check.ts reads one the same way). */
export interface TherapistFactsRow {
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
  home_postcode: string | null;
  travel_mode: TravelMode;
  max_travel_minutes: number | null;
  covered_districts: string[] | null;
}

/** The travel columns as the rules take them; only the home's district is kept. */
export function travelOf(r: TherapistFactsRow): TherapistTravel {
  return {
    home: r.home_postcode === null ? null : postcodeDistrict(r.home_postcode),
    mode: r.travel_mode,
    maxTravelMinutes: r.max_travel_minutes,
    coveredDistricts: r.covered_districts,
  };
}

/** The travel columns, in every read of a therapist that the rules judge. */
export const TRAVEL_COLUMNS = sql.raw(
  't.home_postcode, t.travel_mode, t.max_travel_minutes, to_json(t.covered_districts) as covered_districts',
);

interface TherapistRow extends TherapistFactsRow {
  /** [start, end] in epoch milliseconds, earliest first. */
  windows: [number, number][];
  catalogue_version: string;
}

/** A blocking booking, times in epoch milliseconds; all null on the row that only has the version. */
interface BookingSpanRow {
  catalogue_version: string;
  therapist_id: string | null;
  start_ms: number | null;
  end_ms: number | null;
  district: string | null;
}

function toCandidate(r: TherapistRow): SearchCandidate {
  return {
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
    latestAvailabilityEnd: r.latest_end_ms,
    travel: travelOf(r),
    windows: r.windows.map(([start, end]) => ({ start, end })),
  };
}

const CANDIDATE_KEYS = ['city', 'wanted', 'count', 'startS', 'endS'] as const;

function candidatesSql(p: Record<(typeof CANDIDATE_KEYS)[number], Placeholder>, only: SQL): SQL {
  const wanted = sql`${p.wanted}::text[]`;
  return sql`select t.id, t.username, t.name, t.photo_url, t.photo_version, t.active,
               t.payments_connected, t.business_enabled, t.area,
               to_json(t.accepted_genders) as accepted_genders, t.minimum_spend_pence,
               ${TRAVEL_COLUMNS},
               to_json(array(select s.treatment_id from therapist_service s
                             where s.therapist_id = t.id and s.treatment_id = any(${wanted})))
                 as service_ids,
               (select extract(epoch from max(upper(a.during))) * 1000 from availability a
                 where a.therapist_id = t.id)::float8 as latest_end_ms,
               coalesce((select json_agg(json_build_array(
                                  extract(epoch from lower(a.during))::float8 * 1000,
                                  extract(epoch from upper(a.during))::float8 * 1000)
                                order by lower(a.during))
                         from availability a
                         where a.therapist_id = t.id
                           and ${overlapsSeconds({ startS: p.startS, endS: p.endS })}), '[]'::json)
                 as windows,
               ${catalogueVersionColumn}
        from therapist t
        where t.area = ${p.city} and t.active and t.payments_connected ${only}
          and t.id in (select s.therapist_id from therapist_service s
                       where s.treatment_id = any(${wanted})
                       group by s.therapist_id
                       having count(*) = ${p.count})
        order by t.name, t.id`;
}

// Two statements rather than a condition on a parameter: "$1 is null or id = $1" hides from the
// planner how few rows it keeps, and it then chooses plans for a handful of therapists.
const candidatesStatement = preparedStatement('availability_candidates', CANDIDATE_KEYS, (p) =>
  candidatesSql(p, sql``),
);
const candidateStatement = preparedStatement(
  'availability_candidate',
  [...CANDIDATE_KEYS, 'therapistId'],
  (p) => candidatesSql(p, sql`and t.id = ${p.therapistId}`),
);

/**
 * Therapists of a city who offer every selected main treatment, with what the visibility rules
 * need (of their services, only those asked for). The SQL narrows by area, status and services
 * only to keep the rows few; the domain rules still decide who is shown. A valid selection always
 * has a main treatment (an add-on needs one of its own), so `baseTreatmentIds` is never empty.
 * Lists come as JSON, which JSON.parse reads at once, rather than as PostgreSQL text arrays,
 * which node-postgres parses character by character (docs/decisions/0053). Each comes with their
 * availability windows that touch `coverage`, and all with the catalogue version they were read
 * at (the same snapshot), or null when no one qualifies.
 */
export async function loadCandidates(
  db: Db,
  city: string,
  baseTreatmentIds: string[],
  /** Only this therapist (moving a booking keeps its therapist); null: all of them. */
  onlyTherapistId: string | null,
  coverage: Interval,
): Promise<{ candidates: SearchCandidate[]; catalogueVersion: string | null }> {
  const coverageS = { startS: coverage.start / 1000, endS: coverage.end / 1000 };
  const values = { city, wanted: baseTreatmentIds, count: baseTreatmentIds.length, ...coverageS };
  const rows =
    onlyTherapistId === null
      ? await candidatesStatement.rows<TherapistRow>(db, values)
      : await candidateStatement.rows<TherapistRow>(db, {
          ...values,
          therapistId: onlyTherapistId,
        });
  return {
    candidates: rows.map(toCandidate),
    catalogueVersion: rows[0]?.catalogue_version ?? null,
  };
}

const bookingsStatement = preparedStatement(
  'availability_bookings',
  ['therapistIds', 'startS', 'endS', 'now'],
  (p) => sql`select v.version::text as catalogue_version, b.therapist_id, b.start_ms, b.end_ms,
               b.district
        from catalogue_version v
        left join lateral (
          select therapist_id, extract(epoch from lower(during))::float8 * 1000 as start_ms,
                 extract(epoch from upper(during))::float8 * 1000 as end_ms, district
          from booking
          where therapist_id = any(${p.therapistIds}::text[])
            and ${overlapsSeconds({ startS: p.startS, endS: p.endS })}
            and ${blockingStatus}
            and (status = 'confirmed' or hold_expires_at > ${p.now}::timestamptz)
        ) b on true`,
);

/**
 * The bookings of these therapists that block time in the range, with the catalogue version in
 * the same statement (so from the same snapshot): a search that used kept catalogue reads knows
 * from it whether they were still current. A hold that ran out (waiting for 3-D Secure or not) no
 * longer blocks anyone, even before the sweeper marks it expired: the same test the hold
 * transaction applies. The ids go as one array parameter, not one parameter each: a search has
 * dozens of candidates.
 */
export async function loadBookings(
  db: Db,
  therapistIds: string[],
  range: Interval,
  now: Date,
): Promise<{ catalogueVersion: string; bookings: Map<string, PlacedBooking[]> }> {
  const rows = await bookingsStatement.rows<BookingSpanRow>(db, {
    therapistIds,
    startS: range.start / 1000,
    endS: range.end / 1000,
    now: now.toISOString(),
  });
  const first = rows[0];
  if (!first) throw new Error('the catalogue version row is missing');
  const bookings = new Map<string, PlacedBooking[]>();
  for (const r of rows) {
    if (r.therapist_id === null || r.start_ms === null || r.end_ms === null) continue;
    const span = { start: r.start_ms, end: r.end_ms, district: r.district };
    const list = bookings.get(r.therapist_id);
    if (list) list.push(span);
    else bookings.set(r.therapist_id, [span]);
  }
  return { catalogueVersion: first.catalogue_version, bookings };
}
