import { sql } from 'drizzle-orm';
import { postcodeArea } from '../../domain/postcode';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { HttpProblem } from '../http/problem';
import { cityPostcodeAreasQuery } from './load-hold-facts';

// An address outside the booking's city is refused at the hold, before any payment (issue 33: an
// Edinburgh booking went on to payment with a Newcastle address). A city is where its therapists
// are based: the postcode areas of their home postcodes (docs/decisions/0081). A city none of
// whose therapists has a home postcode is not known to be anywhere, and takes any address.

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

/**
 * Refuses the hold (422, address_outside_city, a field error on body.addressId) when the
 * address's postcode area is not one of the city's.
 */
export async function refuseAddressOutsideCity(
  db: Db,
  city: { slug: string; name: string; postcodeAreas: readonly string[] },
  postcode: string,
): Promise<void> {
  if (city.postcodeAreas.length === 0) return;
  const area = postcodeArea(postcode);
  if (area && city.postcodeAreas.includes(area)) return;
  const other = area ? await cityOfArea(db, area) : null;
  const areas = city.postcodeAreas.join(' and ');
  const detail =
    `${postcode} is not in ${city.name}: we come to ${areas} postcodes for ${city.name} bookings. ` +
    (other
      ? `Choose an address in ${city.name}, or book in ${other.name} for this one.`
      : `Choose an address in ${city.name}.`);
  throw new HttpProblem(422, detail, {
    code: 'address_outside_city',
    extensions: { postcodeAreas: [...city.postcodeAreas], city: other?.slug ?? null },
    errors: [{ field: 'body.addressId', message: detail }],
  });
}
