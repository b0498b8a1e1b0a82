import type { Db } from '../db/client';
import { refusePostcodeOutsideCity, type CityPlace } from '../availability/city-areas';

// An address outside the booking's city is refused at the hold, before any payment (an Edinburgh
// booking once went on to payment with a Newcastle address; docs/decisions/0081).

/**
 * Refuses the hold (422, address_outside_city, a field error on body.addressId) when the
 * address's postcode area is not one of the city's.
 */
export function refuseAddressOutsideCity(db: Db, city: CityPlace, postcode: string): Promise<void> {
  return refusePostcodeOutsideCity(db, city, postcode, {
    code: 'address_outside_city',
    field: 'body.addressId',
    ask: 'Choose an address',
  });
}
