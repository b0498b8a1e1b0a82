import { sql } from 'drizzle-orm';
import { HOUR_MS } from '../../domain/constants';
import type { AddressSnapshot } from '../../contract/booking';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/query-rows';
import { rangeLiteral, type InstantRange } from '../db/tstzrange';
import { unusedReferralQuery } from '../referrals/apply-referral';
import { availableCreditQuery } from '../wallet/available-credit';
import { selectionJsonQuery, type SelectedTreatment } from '../availability/load-selection';
import { cityPostcodeAreasQuery } from '../availability/city-areas';
import {
  bookingTherapistQuery,
  slotSpansQuery,
  type SlotSpan,
  type TherapistRow,
} from '../availability/slot-check';

// A hold used to ask the database six questions one after another before writing: the city, the
// treatments, the therapist, the address, the slot, then the wallet. They do not depend on one
// another's answers, except the slot on the basket's duration, so they are asked in one statement
// here (docs/decisions/0046) and judged by the same rules as before, in the same order.

/**
 * How far past the start the slot's windows and bookings are read. A basket longer than this (no
 * real one is) is judged by a second read of its exact time (hold-booking.ts).
 */
export const SLOT_SPANS_READ_MS = 24 * HOUR_MS;

export interface HoldFacts {
  city: { slug: string; name: string; postcodeAreas: string[] } | null;
  treatments: SelectedTreatment[];
  therapist: TherapistRow | null;
  address: AddressSnapshot | null;
  /** Windows and blocking bookings (with their districts) over the spans asked for. */
  slotSpans: SlotSpan[];
  /**
   * Holds that ran out but are still marked held, around that time or the customer's own: the
   * hold's transaction expires them. Counted over the wider span, so never fewer than there are.
   */
  staleHolds: number;
  /** The customer has a referral whose discount is not used yet. */
  unusedReferral: boolean;
  /** Wallet credit not reserved by other waiting bookings, when this was read (no lock). */
  availableCreditPence: number;
}

// Built once (preparedStatement): its text is the same for every hold, and planning it cost
// PostgreSQL about 1.6 ms a hold, six times running it (docs/decisions/0057).
const holdFactsStatement = preparedStatement(
  'hold_facts',
  [
    'city',
    'treatmentIds',
    'therapistId',
    'addressId',
    'customerId',
    'spansStartS',
    'spansEndS',
    'spans',
    'now',
  ],
  (p, db) => sql`select
          (select json_build_object('slug', c.slug, 'name', c.name,
                    'postcodeAreas', ${cityPostcodeAreasQuery(sql`c.slug`)})
             from city c where c.slug = ${p.city}) as city,
          ${selectionJsonQuery(p.treatmentIds)} as treatments,
          (select row_to_json(t) from (${bookingTherapistQuery(p.therapistId)}) t) as therapist,
          (select json_build_object('label', a.label, 'line1', a.line1, 'line2', a.line2,
                    'town', a.town, 'postcode', a.postcode, 'instructions', a.instructions)
             from address a where a.id = ${p.addressId} and a.user_id = ${p.customerId})
            as address,
          (select coalesce(json_agg(s), '[]'::json)
             from (${slotSpansQuery(p.therapistId, { startS: p.spansStartS, endS: p.spansEndS }, p.now)}) s)
            as slot_spans,
          (select count(*)::int from booking
            where status in ('held', 'requires_action') and hold_expires_at <= ${p.now}::timestamptz
              and ((therapist_id = ${p.therapistId} and during && ${p.spans}::tstzrange)
                   or customer_id = ${p.customerId})) as stale_holds,
          ${unusedReferralQuery(p.customerId)} as unused_referral,
          ${availableCreditQuery(db, p.customerId, p.now)} as available_credit`,
);

export async function loadHoldFacts(
  db: Db,
  ask: {
    customerId: string;
    city: string;
    treatmentIds: string[];
    therapistId: string;
    addressId: string;
    /** Inside the bookable window (years PostgreSQL cannot store never reach the query). */
    spans: InstantRange;
    now: Date;
  },
): Promise<HoldFacts> {
  const [row] = await holdFactsStatement.rows<{
    city: HoldFacts['city'];
    treatments: SelectedTreatment[];
    therapist: TherapistRow | null;
    address: AddressSnapshot | null;
    slot_spans: SlotSpan[];
    stale_holds: number;
    unused_referral: boolean;
    available_credit: string;
  }>(db, {
    city: ask.city,
    treatmentIds: ask.treatmentIds,
    therapistId: ask.therapistId,
    addressId: ask.addressId,
    customerId: ask.customerId,
    spansStartS: ask.spans.start.getTime() / 1000,
    spansEndS: ask.spans.end.getTime() / 1000,
    spans: rangeLiteral(ask.spans),
    // As text: every place binds it bare, as the driver gets it (gt() leaves a placeholder bare).
    now: ask.now.toISOString(),
  });
  if (!row) throw new Error('the hold facts query answered no row');
  return {
    city: row.city,
    treatments: row.treatments,
    therapist: row.therapist,
    address: row.address,
    slotSpans: row.slot_spans,
    staleHolds: Number(row.stale_holds),
    unusedReferral: row.unused_referral,
    availableCreditPence: Number(row.available_credit),
  };
}
