import { sql } from 'drizzle-orm';
import type { RulesConfig } from '../../domain/constants';
import type { CustomerProfile } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { TherapistFactsRow } from './load-availability-data';

// The treatments a customer can book at all in a city (or with one therapist), whatever the
// basket: what the date step offers instead when no therapist offers the basket, or none takes
// business accounts (docs/decisions/0080). Read only on that path, after a search found no day, so
// the searches that find days never pay for it; hence not prepared.

/** The visibility columns of the searches' own therapist row, read the same way. */
type OfferRow = Pick<
  TherapistFactsRow,
  | 'id'
  | 'active'
  | 'payments_connected'
  | 'business_enabled'
  | 'area'
  | 'accepted_genders'
  | 'minimum_spend_pence'
  | 'service_ids'
  | 'latest_end_ms'
>;

export interface OfferedQuestion {
  city: string;
  customer: CustomerProfile | null;
  /** Only this therapist's treatments. */
  therapistId?: string;
}

/**
 * The active main treatments (not add-ons: they come with their parent) offered by a therapist
 * the visibility rules show this customer, sorted by id (the web app lists them in the city's
 * order).
 */
export async function loadOfferedTreatments(
  db: Db,
  question: OfferedQuestion,
  config: RulesConfig,
  now: number,
): Promise<string[]> {
  const only = question.therapistId === undefined ? sql`` : sql`and t.id = ${question.therapistId}`;
  const rows = await queryRows<OfferRow>(
    db,
    sql`select t.id, t.active, t.payments_connected, t.business_enabled, t.area,
          to_json(t.accepted_genders) as accepted_genders, t.minimum_spend_pence,
          to_json(array(select s.treatment_id from therapist_service s
                        join treatment tr on tr.id = s.treatment_id
                        where s.therapist_id = t.id and tr.active and not tr.is_add_on))
            as service_ids,
          (select extract(epoch from max(upper(a.during))) * 1000 from availability a
            where a.therapist_id = t.id)::float8 as latest_end_ms
        from therapist t
        where t.area = ${question.city} and t.active and t.payments_connected ${only}`,
  );
  const offered = new Set<string>();
  for (const r of rows) {
    const shown = isTherapistVisible(
      {
        id: r.id,
        active: r.active,
        paymentsConnected: r.payments_connected,
        businessEnabled: r.business_enabled,
        area: r.area,
        acceptedGenders: r.accepted_genders,
        minimumSpendPence: r.minimum_spend_pence,
        serviceIds: r.service_ids,
        latestAvailabilityEnd: r.latest_end_ms,
      },
      { city: question.city, customer: question.customer, baseTreatmentIds: [], now, config },
    );
    if (shown) for (const id of r.service_ids) offered.add(id);
  }
  return [...offered].sort();
}
