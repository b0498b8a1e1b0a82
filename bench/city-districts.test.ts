import { describe, expect, it } from 'vitest';
import { isUkPostcode, postcodeDistrict } from '../src/domain/account-forms';
import { centroidOf } from '../src/server/travel/postcode-districts';
import {
  CITY_DISTRICTS,
  districtsOf,
  nearestDistricts,
  pickDistrict,
  postcodeIn,
  type BenchCity,
} from './city-districts';
import { createPrng } from './prng';

const cities = Object.keys(CITY_DISTRICTS) as BenchCity[];

describe('the bench cities’ postcode districts', () => {
  it('are all in the district table, each once', () => {
    for (const city of cities) {
      const all = districtsOf(city);
      expect(new Set(all).size).toBe(all.length);
      expect(all.filter((d) => centroidOf(d) === undefined)).toEqual([]);
    }
  });

  it('makes postcodes of the district asked for, which the app accepts', () => {
    const prng = createPrng(1);
    for (const city of cities) {
      for (const district of districtsOf(city)) {
        const postcode = postcodeIn(prng, district);
        expect(isUkPostcode(postcode)).toBe(true);
        expect(postcodeDistrict(postcode)).toBe(district);
      }
    }
  });

  it('picks core districts more often than nearby ones, and only the city’s', () => {
    const prng = createPrng(2);
    const { core, nearby } = CITY_DISTRICTS.edinburgh;
    const picks = Array.from({ length: 4000 }, () => pickDistrict(prng, 'edinburgh'));
    const inCore = picks.filter((d) => core.includes(d)).length;
    expect(picks.every((d) => core.includes(d) || nearby.includes(d))).toBe(true);
    // 17 core districts at weight 3 against 7 nearby at 1: 51 / 58 of picks.
    expect(inCore / picks.length).toBeGreaterThan(0.83);
    expect(inCore / picks.length).toBeLessThan(0.93);
  });

  it('lists the nearest districts, the home district first', () => {
    const near = nearestDistricts('edinburgh', 'EH6', 4);
    expect(near[0]).toBe('EH6');
    expect(near).toHaveLength(4);
    expect(near).not.toContain('EH30');
  });
});
