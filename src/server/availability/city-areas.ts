import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ProblemCode } from '../../contract/problem';
import { postcodeArea } from '../../domain/postcode';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { HttpProblem } from '../http/problem';

// Where a city is: the postcode areas ("EH" of "EH6 5AA") its therapists are based in
// (docs/decisions/0081). A postcode outside them is refused by the date and therapist searches
// (the postcode the journey starts with) and by the hold (the address), in the same words. A city
// none of whose therapists has a home postcode is not known to be anywhere, and takes any.

/** The city's postcode areas as a JSON array; empty when no therapist has a home postcode. */
export function cityPostcodeAreasQuery(citySlug: SQL | Placeholder): SQL {
  return sql`(select coalesce(json_agg(distinct substring(upper(t.home_postcode) from '^[A-Z]+')),
                              '[]'::json)
              from therapist t where t.area = ${citySlug} and t.home_postcode is not null)`;
}

export interface CityPlace {
  slug: string;
  name: string;
  postcodeAreas: readonly string[];
}

/** The city another postcode area belongs to, to point the customer at it (the refusal's path only). */
async function cityOfArea(db: Db, area: string): Promise<{ slug: string; name: string } | null> {
  const [row] = await queryRows<{ slug: string; name: string }>(
    db,
    sql`select c.slug, c.name from city c
        where c.active and ${area} in (select json_array_elements_text(${cityPostcodeAreasQuery(sql`c.slug`)}))
        order by c.slug limit 1`,
  );
  return row ?? null;
}

/** How the searches refuse the postcode the journey starts with. */
export const OUTSIDE_CITY = {
  code: 'postcode_outside_city',
  field: 'query.postcode',
  ask: 'Enter a postcode',
} as const;

/**
 * Refuses (422, `code`, a field error on `field`) a postcode whose area is not one of the city's,
 * naming the city it is in when we serve that one.
 */
export async function refusePostcodeOutsideCity(
  db: Db,
  city: CityPlace,
  postcode: string,
  problem: { code: ProblemCode; field: string; ask: string },
): Promise<void> {
  if (city.postcodeAreas.length === 0) return;
  const area = postcodeArea(postcode);
  if (area && city.postcodeAreas.includes(area)) return;
  const other = area ? await cityOfArea(db, area) : null;
  const areas = city.postcodeAreas.join(' and ');
  const detail =
    `${postcode} is not in ${city.name}: we come to ${areas} postcodes for ${city.name} bookings. ` +
    (other
      ? `${problem.ask} in ${city.name}, or book in ${other.name} for this one.`
      : `${problem.ask} in ${city.name}.`);
  throw new HttpProblem(422, detail, {
    code: problem.code,
    extensions: { postcodeAreas: [...city.postcodeAreas], city: other?.slug ?? null },
    errors: [{ field: problem.field, message: detail }],
  });
}
