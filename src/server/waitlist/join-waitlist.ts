import { sql } from 'drizzle-orm';
import type { JoinWaitlistRequest, WaitlistEntry } from '../../contract/waitlist';
import { UK_TIME_ZONE } from '../../domain/constants';
import { normalisePostcode } from '../../domain/postcode';
import type { CustomerProfile } from '../../domain/types';
import { ukDateOf } from '../../domain/uk-time';
import {
  minuteOfDay,
  WAITLIST_MAX_ACTIVE_ENTRIES,
  waitlistWishProblems,
} from '../../domain/waitlist';
import type { AppContext } from '../app-context';
import { inTransactionUnderLock } from '../db/advisory-lock';
import { queryRows } from '../db/query-rows';
import { cityPostcodeAreasQuery } from '../availability/city-areas';
import {
  selectionJsonQuery,
  selectionOf,
  type SelectedTreatment,
} from '../availability/load-selection';
import { refuseAddressOutsideCity } from '../booking/address-in-city';
import { badRequest, HttpProblem, type ProblemCode } from '../http/problem';
import { waitlistEntryView } from './waitlist-view';

// Joining the waitlist (docs/decisions/0089): everything the matcher will need is checked now,
// so a waiting entry can become a held booking without asking the customer again. The address
// is a saved one because an offered time is held as a real booking, which needs where it is.

const refuse = (field: string, detail: string, code: ProblemCode) =>
  new HttpProblem(422, detail, { code, errors: [{ field, message: detail }] });

export async function joinWaitlist(
  ctx: AppContext,
  customer: CustomerProfile,
  body: JoinWaitlistRequest,
): Promise<WaitlistEntry> {
  const now = ctx.now();
  const today = ukDateOf(now.getTime(), UK_TIME_ZONE);
  const problems = waitlistWishProblems(body, today);
  if (problems.length > 0) {
    throw badRequest(
      problems.map((p) => p.message).join(' '),
      problems.map((p) => ({ field: `body.${p.field}`, message: p.message })),
    );
  }
  const [facts] = await queryRows<{
    city: { slug: string; name: string; postcodeAreas: string[] } | null;
    treatments: SelectedTreatment[];
    therapist: { id: string; name: string } | null;
    postcode: string | null;
  }>(
    ctx.db,
    sql`select
          (select json_build_object('slug', c.slug, 'name', c.name,
                                    'postcodeAreas', ${cityPostcodeAreasQuery(sql`c.slug`)})
           from city c where c.slug = ${body.city} and c.active) as city,
          ${selectionJsonQuery(body.treatmentIds)} as treatments,
          (select json_build_object('id', t.id, 'name', t.name) from therapist t
           where t.id = ${body.therapistId ?? null} and t.active and t.area = ${body.city}) as therapist,
          (select a.postcode from address a
           where a.id = ${body.addressId} and a.user_id = ${customer.id}) as postcode`,
  );
  if (!facts?.city) throw refuse('body.city', `We do not serve "${body.city}".`, 'unknown_city');
  selectionOf(body.treatmentIds, facts.treatments, 'body.treatmentIds');
  if (body.therapistId && !facts.therapist) {
    throw refuse(
      'body.therapistId',
      `That therapist does not work in ${facts.city.name}.`,
      'therapist_unavailable',
    );
  }
  if (!facts.postcode)
    throw refuse('body.addressId', 'Choose one of your saved addresses.', 'unknown_address');
  const postcode = normalisePostcode(facts.postcode);
  if (body.postcode !== undefined && normalisePostcode(body.postcode) !== postcode) {
    throw refuse(
      'body.postcode',
      `The address chosen is at ${postcode}, not ${body.postcode}.`,
      'postcode_mismatch',
    );
  }
  await refuseAddressOutsideCity(ctx.db, facts.city, postcode);

  // One customer's joins one at a time, so two at once cannot pass the cap together. The time
  // of joining is the database's (created_at's default): the order customers are asked in.
  const id = await inTransactionUnderLock(ctx.db, `waitlist-join-${customer.id}`, async (tx) => {
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from waitlist_entry
          where customer_id = ${customer.id} and status = 'waiting'`,
    );
    if ((count?.n ?? 0) >= WAITLIST_MAX_ACTIVE_ENTRIES) {
      throw new HttpProblem(
        422,
        `You can wait for at most ${WAITLIST_MAX_ACTIVE_ENTRIES} things at once. Leave one of your waitlists first.`,
        { code: 'too_many_waitlists' },
      );
    }
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into waitlist_entry (customer_id, city_slug, treatment_ids, therapist_id, address_id,
                                      postcode, from_date, to_date, earliest_minute, latest_minute)
          values (${customer.id}, ${body.city}, ${sql.param(body.treatmentIds)}::text[],
                  ${body.therapistId ?? null}, ${body.addressId}, ${postcode},
                  ${body.from}::date, ${body.to}::date,
                  ${body.earliest === undefined ? null : minuteOfDay(body.earliest)},
                  ${body.latest === undefined ? null : minuteOfDay(body.latest)})
          returning id`,
    );
    if (!row) throw new Error('waitlist entry not written');
    return row.id;
  });
  return waitlistEntryView(ctx.db, id, now);
}
